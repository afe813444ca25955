import { afterAll, describe, expect, it } from 'vitest';
import { FRESHDESK_DOMAIN, FRESHDESK_KEY, startFreshdeskServer, type FreshdeskConversation, type FreshdeskServer } from '../../api/test/support/freshdesk-server.ts';
import { startLinearServer, type LinearServer } from '../../api/test/support/linear-server.ts';
import { startFreshdeskAgentUi, type FreshdeskAgentUi } from '../support/freshdesk-agent.ts';
import { askFromSidebar, customerRecords, notesPage, ownerOnIntegrations, screenshots, storedOnceTrue, useSpeakingCustomerBrowser } from '../support/helpdesk-scenario.ts';
import { linearEnv } from '../../api/test/support/fixtures/linear.ts';
import { connectLinearOnCard } from '../support/linear-card.ts';
import { useServer } from '../support/product.ts';

const shot = screenshots('freshdesk');

let freshdesk: FreshdeskServer | undefined;
let agentUi: FreshdeskAgentUi | undefined;
let linear: LinearServer | undefined;
const running = useServer(async () => {
  freshdesk = await startFreshdeskServer();
  linear = await startLinearServer();
  return { FRESHDESK_URL: freshdesk.urlTemplate, ...linearEnv(linear) };
});
const chromium = useSpeakingCustomerBrowser('freshdesk');
afterAll(async () => {
  await agentUi?.close();
  await freshdesk?.close();
  await linear?.close();
});

/** The ticket's notes once one carries the summary (posted with it, or edited in place when it came later). */
const summarizedNotes = (ticketId: number): Promise<FreshdeskConversation[]> =>
  storedOnceTrue(() => freshdesk!.conversations(ticketId), (notes) => notes.some((c) => c.body.includes('<strong>Summary</strong>')), 180_000);

describe('/my/integrations: the Freshdesk card, the Freshdesk app in the ticket and the private note written back', () => {
  it('connects with the domain and an API key; the agent asks from the ticket in the Freshdesk app; the recording comes back as one private note', async () => {
    const server = running.server;
    const { context, page } = await ownerOnIntegrations(chromium, server.url);
    const card = page.locator('[data-integration="freshdesk"]');

    // A key Freshdesk refuses is said so, with the way to fix it; the right one connects.
    await card.getByLabel('Freshdesk domain').pressSequentially(`https://${FRESHDESK_DOMAIN}/a/tickets/1`);
    await card.getByLabel('API key').pressSequentially('WrongKey000000000000');
    await card.getByRole('button', { name: 'Connect Freshdesk' }).click();
    await card.getByRole('alert').filter({ hasText: `Freshdesk refused this API key for ${FRESHDESK_DOMAIN}` }).waitFor();
    await card.getByLabel('API key').fill('');
    await card.getByLabel('API key').pressSequentially(FRESHDESK_KEY);
    await card.getByRole('button', { name: 'Connect Freshdesk' }).click();
    await card.getByText(`Connected to ${FRESHDESK_DOMAIN}`).waitFor();
    await card.getByText('notes are posted with the key of Ada Admin (ada@acme.example)').waitFor();
    // The app token the admin pastes into the app's settings in Freshdesk, shown once.
    await card.getByRole('button', { name: 'Create app token' }).click();
    const appToken = await card.getByLabel('App token').inputValue();
    expect(appToken).toMatch(/^sbf_/);
    await shot(page, '1-card-connected');

    // The agent works ticket 601 with the Showback app in the sidebar (its real files; the FDK client is the test's).
    freshdesk!.addTicket(601, 'Checkout button does nothing', { name: 'Grace Hopper', email: 'grace@customer.example' });
    agentUi = await startFreshdeskAgentUi(freshdesk!, { showback_host: new URL(server.url).host, showback_app_token: appToken });
    const agent = await context.newPage();
    await agent.goto(agentUi.ticketUrl(601));
    const sidebar = agent.frameLocator('iframe[title="Showback"]');
    await sidebar.getByText('No recording requested from this ticket yet.').waitFor();
    const { requests, token } = await askFromSidebar(agent, sidebar, 'Grace Hopper');
    await shot(agent, '2-app-in-ticket');

    // The customer opens the link from the reply and records; Freshdesk's requester is already filled in.
    await customerRecords(chromium, server.url, token, { name: 'Grace Hopper', email: 'grace@customer.example' });

    // One private note on the ticket, carrying the summary (posted with it or edited into it), never a second one.
    const [note, ...more] = await summarizedNotes(601);
    expect(more).toEqual([]);
    expect(note!.private).toBe(true);
    expect(note!.body).toContain('Showback recording: Checkout button does nothing');
    expect(note!.body).toContain('Grace Hopper');
    expect(freshdesk!.callsTo('POST', /^\/api\/v2\/tickets\/601\/notes$/)).toHaveLength(1);
    await requests.getByText('Ready', { exact: true }).first().waitFor({ timeout: 30_000 });

    const notes = freshdesk!.conversations(601).map((c) => ({ label: `Private note · ${c.created_at}${c.updated_at !== c.created_at ? ` · edited ${c.updated_at}` : ''}`, html: c.body }));
    await shot(await notesPage(context, 'Ticket #601 · Checkout button does nothing', notes, { border: '#f8d48d', background: '#fef7e6' }), '3-note-as-stored');

    await page.reload();
    const log = card.getByRole('table', { name: 'Sync log' });
    await log.getByRole('row').filter({ hasText: 'submission.ready' }).filter({ hasText: 'Delivered' }).waitFor();
    await shot(page, '4-sync-log');

    // Linear connected, the agent escalates the recording from the ticket: the issue shows in the app and in the note.
    await connectLinearOnCard(page);
    await agent.bringToFront();
    await sidebar.getByRole('button', { name: 'Create issue in Linear' }).click({ timeout: 30_000 });
    await sidebar.getByText(/^Created ENG-\d+ in Linear\.$/).waitFor({ timeout: 30_000 });
    const [issue] = linear!.issues();
    expect(await sidebar.getByRole('link', { name: issue!.identifier }).getAttribute('href')).toBe(issue!.url);
    await sidebar.getByText('· Triage').waitFor();
    expect(await sidebar.getByRole('button', { name: 'Create issue in Linear' }).count()).toBe(0);
    const hook = await linear!.sendWebhook(`${server.url}/api/v1/integrations/linear/webhook`, linear!.moveIssue(issue!.id, 'In Progress'));
    expect(hook.status).toBe(200);
    const [escalated] = await storedOnceTrue(() => freshdesk!.conversations(601), (n) => n.length === 1 && n[0]!.body.includes('<strong>In Progress</strong>'));
    expect(escalated!.body).toContain(`<a href="${issue!.url}">${issue!.identifier}</a> in Linear`);
    await sidebar.getByText('· In Progress').waitFor({ timeout: 30_000 });
    await shot(agent, '5-app-with-issue');
    const edited = freshdesk!.conversations(601).map((c) => ({ label: `Private note · edited ${c.updated_at}`, html: c.body }));
    await shot(await notesPage(context, 'Ticket #601 · Checkout button does nothing', edited, { border: '#f8d48d', background: '#fef7e6' }), '6-note-with-issue');
  }, 420_000);
});
