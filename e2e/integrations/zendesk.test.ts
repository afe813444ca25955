import { afterAll, describe, expect, it } from 'vitest';
import { startLinearServer, type LinearServer } from '../../api/test/support/linear-server.ts';
import { startZendeskServer, ZENDESK_CLIENT, ZENDESK_SUBDOMAIN, type ZendeskComment, type ZendeskServer } from '../../api/test/support/zendesk-server.ts';
import { askFromSidebar, customerRecords, notesPage, ownerOnIntegrations, screenshots, storedOnceTrue, useSpeakingCustomerBrowser } from '../support/helpdesk-scenario.ts';
import { linearEnv } from '../../api/test/support/fixtures/linear.ts';
import { connectLinearOnCard } from '../support/linear-card.ts';
import { useServer } from '../support/product.ts';
import { startZendeskAgentUi, type ZendeskAgentUi } from '../support/zendesk-agent.ts';

const shot = screenshots('zendesk');

let zendesk: ZendeskServer | undefined;
let agentUi: ZendeskAgentUi | undefined;
let linear: LinearServer | undefined;
const running = useServer(async () => {
  zendesk = await startZendeskServer();
  linear = await startLinearServer();
  return { ZENDESK_CLIENT_ID: ZENDESK_CLIENT.id, ZENDESK_CLIENT_SECRET: ZENDESK_CLIENT.secret, ZENDESK_URL: zendesk.urlTemplate, ...linearEnv(linear) };
});
const chromium = useSpeakingCustomerBrowser('zendesk');
afterAll(async () => {
  await agentUi?.close();
  await zendesk?.close();
  await linear?.close();
});

/** The ticket's comments once there are `count` (the first is the requester's). */
const comments = (ticketId: number, count: number): Promise<ZendeskComment[]> => storedOnceTrue(() => zendesk!.comments(ticketId), (c) => c.length >= count);

describe('/my/integrations: the Zendesk card, the Zendesk app in the ticket and the notes written back', () => {
  it('connects through Zendesk’s OAuth pages; the agent asks from the ticket in the Zendesk app; the recording comes back as an internal note, then its summary, and the sidebar says ready; a revoked access shows on the card', async () => {
    const server = running.server;
    const { owner, context, page } = await ownerOnIntegrations(chromium, server.url);
    const card = page.locator('[data-integration="zendesk"]');

    // Cancel on Zendesk's page comes back with the reason; Allow connects.
    await card.getByLabel('Zendesk subdomain').fill(`https://${ZENDESK_SUBDOMAIN}.zendesk.com/agent`);
    await card.getByRole('button', { name: 'Connect Zendesk' }).click();
    await page.getByText(`access to your ${ZENDESK_SUBDOMAIN} Zendesk account`).waitFor();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await card.getByRole('alert').filter({ hasText: 'Failed to connect to Zendesk' }).waitFor();
    await card.getByLabel('Zendesk subdomain').fill(ZENDESK_SUBDOMAIN);
    await card.getByRole('button', { name: 'Connect Zendesk' }).click();
    await page.getByRole('link', { name: 'Allow' }).click();
    await card.getByText(`Connected to ${ZENDESK_SUBDOMAIN}.zendesk.com`).waitFor();
    expect(new URL(page.url()).search).toBe('');
    // Tags for the helpdesk's own triggers ride on every note.
    await card.getByLabel('Tags added to the ticket').fill('showback_recording, Needs_Review');
    await card.getByRole('button', { name: 'Save tags' }).click();
    await page.getByText('Tags saved.').waitFor();
    await expect(card.getByLabel('Tags added to the ticket').inputValue()).resolves.toBe('showback_recording needs_review');
    await shot(page, '1-connected');

    // The agent works ticket 501 in Zendesk, with the Showback app in the sidebar (its real files, the ZAF SDK's real
    // client; only Zendesk's side of the postMessage protocol is the test's).
    zendesk!.addTicket(501, 'Checkout button does nothing', { name: 'Grace Hopper', email: 'grace@customer.example', locale: 'de' });
    agentUi = await startZendeskAgentUi(zendesk!, ZENDESK_SUBDOMAIN, { showback_url: server.url });
    await agentUi.serveSdk(context);
    const agent = await context.newPage();
    await agent.goto(agentUi.ticketUrl(501));
    const sidebar = agent.frameLocator('iframe[title="Showback"]');
    // Signing in once: Showback opens in a window of its own, where the agent is signed in, and they allow the app.
    await sidebar.getByRole('button', { name: 'Sign in to Showback' }).waitFor();
    await shot(agent, '2-sidebar-sign-in');
    const opening = context.waitForEvent('page');
    await sidebar.getByRole('button', { name: 'Sign in to Showback' }).click();
    const approval = await opening;
    await approval.getByText(new RegExp(`The Showback app in ${ZENDESK_SUBDOMAIN}\\.zendesk\\.com asks to act as you \\(owner-[\\w-]+@example\\.test\\)`)).waitFor();
    await shot(approval, '3-app-sign-in-window');
    await approval.getByRole('button', { name: 'Allow' }).click();
    await sidebar.getByText('Signed in as Ada Lovelace').waitFor();

    // One click: a request bound to the ticket, and its link in the reply being written, in the requester's language
    // (her Zendesk locale), the link opening the recorder in it.
    const german = (link: string) => `Könnten Sie mir zeigen, was passiert? Hier können Sie Ihren Bildschirm aufnehmen: ${link}`;
    const { reply, requests, token } = await askFromSidebar(agent, sidebar, 'Grace Hopper', german);
    expect(await reply.getByRole('link').getAttribute('href')).toBe(`${server.url}/de/r/${token}`);

    // The customer opens the link from the reply and records; Zendesk's requester is already filled in.
    await customerRecords(chromium, server.url, token, { name: 'Grace Hopper', email: 'grace@customer.example' }, () => requests.getByText('Opened', { exact: true }).waitFor());

    // One internal note, then the update with the summary.
    const [, note, update] = await comments(501, 3);
    expect([note!.public, update!.public]).toEqual([false, false]);
    expect(note!.html_body).toContain('Showback recording: Checkout button does nothing');
    expect(update!.html_body).toContain('<strong>Summary</strong>');
    expect(zendesk!.callsTo('PUT', /^\/api\/v2\/tickets\/501\.json$/)).toHaveLength(2);
    expect(zendesk!.tags(501)).toEqual(['showback_recording', 'needs_review']);
    expect(note!.html_body).toContain('Grace Hopper');
    // The sidebar follows the request to "ready" and links the recording.
    await requests.getByText('Ready', { exact: true }).first().waitFor({ timeout: 30_000 });
    await expect(requests.getByRole('link', { name: /^Recording 0:0\d$/ }).getAttribute('href')).resolves.toMatch(new RegExp(`/my/recordings/[0-9a-f-]{36}$`));
    await shot(agent, '4-sidebar-ready');

    // The editor toolbar's button inserts a link too (a request of its own, bound to the same ticket).
    await agent.getByRole('button', { name: 'Showback' }).click();
    await agent.frameLocator('iframe[title="Showback editor app"]').getByRole('button', { name: 'Insert a recording link' }).click();
    await expect.poll(() => reply.getByRole('link').count()).toBe(2);
    await agent.frameLocator('iframe[title="Showback editor app"]').getByText('Recording link added to your reply.').waitFor();
    // The sidebar picks up the second request at its next refresh (every 5 s).
    await expect.poll(() => requests.locator(':scope > li').count(), { timeout: 15_000 }).toBe(2);
    await shot(agent, '5-editor-toolbar');
    const notes = zendesk!.comments(501).slice(1).map((c) => ({ label: `Internal note · ${c.created_at}`, html: c.html_body }));
    await shot(await notesPage(context, 'Ticket #501 · Checkout button does nothing', notes, { border: '#f5ca75', background: '#fff8ed' }), '6-notes-as-stored');

    await card.getByRole('button', { name: 'Refresh' }).click();
    const log = card.getByRole('table', { name: 'Sync log' });
    await log.getByRole('row').filter({ hasText: 'submission.summarized' }).filter({ hasText: 'Delivered' }).waitFor();
    await expect(log.getByRole('row').filter({ hasText: 'submission.ready' }).textContent()).resolves.toMatch(/#501.*Delivered\s*200/);

    // Linear connected, the agent escalates the recording from the sidebar; Zendesk cannot edit a note, so the issue
    // and each change of its state come as short update notes.
    await connectLinearOnCard(page);
    await agent.bringToFront();
    await requests.getByRole('button', { name: 'Create issue in Linear' }).click({ timeout: 30_000 });
    await sidebar.getByText(/^Created ENG-\d+ in Linear\.$/).waitFor({ timeout: 30_000 });
    const [issue] = linear!.issues();
    await expect(requests.getByRole('link', { name: issue!.identifier }).getAttribute('href')).resolves.toBe(issue!.url);
    const escalated = await comments(501, 4);
    expect(escalated[3]!.html_body).toContain(`<a href="${issue!.url}">${issue!.identifier}</a> in Linear: <strong>Triage</strong>`);
    expect((await linear!.sendWebhook(`${server.url}/api/v1/integrations/linear/webhook`, linear!.moveIssue(issue!.id, 'Done'))).status).toBe(200);
    const done = await comments(501, 5);
    expect(done[4]!.html_body).toMatch(/<p><strong>Update to the Showback recording: Checkout button does nothing<\/strong><\/p><p><strong>Escalated:<\/strong><\/p>.*<strong>Done<\/strong>/);
    expect(done[4]!.public).toBe(false);
    await requests.getByText('· Done').waitFor({ timeout: 30_000 });
    await shot(agent, '6b-sidebar-with-issue');

    // The 429 wait and a revoked access's failed note are the API tests' (api/test/integrations.zendesk.test.ts:
    // "waits out a 429 per Retry-After…", "a revoked access puts the connection in its error state…"); here, what the
    // owner sees. An admin revokes Showback's access in Zendesk: the issue's next change fails to become a note.
    const beforeRevoke = zendesk!.comments(501).length;
    zendesk!.revokeAll();
    expect((await linear!.sendWebhook(`${server.url}/api/v1/integrations/linear/webhook`, linear!.moveIssue(issue!.id, 'In Progress'))).status).toBe(200);
    const failed = async () =>
      ((await (await fetch(`${server.url}/api/v1/integrations/zendesk/sync_log`, { headers: owner.headers })).json()) as { items: { status: string }[] }).items.some((e) => e.status === 'failed');
    await expect.poll(failed, { timeout: 60_000 }).toBe(true);
    // The card reads the connection's state when it loads.
    await page.reload();
    await card.getByText('Notes are not being written to Zendesk').waitFor();
    await card.getByText('Reconnect Zendesk').first().waitFor();
    await shot(page, '7-revoked');
    expect(zendesk!.comments(501)).toHaveLength(beforeRevoke);
  }, 420_000);
});
