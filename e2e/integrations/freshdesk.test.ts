import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { FRESHDESK_DOMAIN, FRESHDESK_KEY, startFreshdeskServer, type FreshdeskConversation, type FreshdeskServer } from '../../api/test/support/freshdesk-server.ts';
import { completeOnboarding, signInOwner, signUpOwner } from '../recording/owner.ts';
import { openRecorder, startRecording, step, stopRecording } from '../recording/recorder-page.ts';
import { startFreshdeskAgentUi, type FreshdeskAgentUi } from '../support/freshdesk-agent.ts';
import { speechWav } from '../support/media.ts';
import { useBrowser, useServer } from '../support/product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `freshdesk-${name}.png`), fullPage: true });
}

let freshdesk: FreshdeskServer | undefined;
let agentUi: FreshdeskAgentUi | undefined;
const running = useServer(async () => {
  freshdesk = await startFreshdeskServer();
  return { FRESHDESK_URL: freshdesk.urlTemplate };
});
let tmp: string | undefined;
// The customer speaks while recording, so the transcript and the summary have their words.
const chromium = useBrowser(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-freshdesk-'));
  return { screenCapture: true, microphoneWav: await speechWav(tmp, 'When I press pay, nothing happens and the spinner never stops.') };
});
afterAll(async () => {
  await agentUi?.close();
  await freshdesk?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** The ticket's notes once one carries the summary (posted with it, or edited in place when it came later). */
async function summarizedNotes(ticketId: number, timeoutMs = 180_000): Promise<FreshdeskConversation[]> {
  const deadline = Date.now() + timeoutMs;
  while (!freshdesk!.conversations(ticketId).some((c) => c.body.includes('<strong>Summary</strong>'))) {
    if (Date.now() > deadline) throw new Error(`ticket ${ticketId} has no note with the summary: ${JSON.stringify(freshdesk!.conversations(ticketId))}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return freshdesk!.conversations(ticketId);
}

describe('/my/integrations: the Freshdesk card, the Freshdesk app in the ticket and the private note written back', () => {
  it('connects with the domain and an API key; the agent asks from the ticket in the Freshdesk app; the recording comes back as one private note', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Helpdesk Heroes');
    await completeOnboarding(owner);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
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
    await sidebar.getByRole('button', { name: 'Ask for a recording' }).click();
    await sidebar.getByText('Recording link added to your reply.').waitFor();
    const reply = agent.getByRole('textbox', { name: 'Reply' });
    const link = (await reply.getByRole('link').first().getAttribute('href'))!;
    await expect(reply.textContent()).resolves.toBe(`Could you show me what happens? Record your screen here: ${link}`);
    const requests = sidebar.getByRole('list', { name: 'Recording requests of this ticket' });
    await requests.getByRole('listitem').filter({ hasText: 'For Grace Hopper' }).getByText('Sent', { exact: true }).waitFor();
    await shot(agent, '2-app-in-ticket');
    const token = /\/r\/([^/?#]+)/.exec(link)![1]!;

    // The customer opens the link from the reply and records; Freshdesk's requester is already filled in.
    const customer = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 720 } }));
    await customer.grantPermissions(['microphone'], { origin: server.url });
    const recorder = await openRecorder(customer, server.url, token);
    await startRecording(recorder);
    await recorder.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
    await stopRecording(recorder);
    await recorder.getByRole('button', { name: 'Looks good' }).click();
    await step(recorder, 'details').waitFor();
    await expect(recorder.getByLabel('Email').inputValue()).resolves.toBe('grace@customer.example');
    await recorder.getByRole('button', { name: 'Send recording' }).click();
    await step(recorder, 'done').waitFor({ timeout: 90_000 });

    // One private note on the ticket, carrying the summary (posted with it or edited into it), never a second one.
    const [note, ...more] = await summarizedNotes(601);
    expect(more).toEqual([]);
    expect(note!.private).toBe(true);
    expect(note!.body).toContain('Showback recording: Checkout button does nothing');
    expect(note!.body).toContain('Grace Hopper');
    expect(freshdesk!.callsTo('POST', /^\/api\/v2\/tickets\/601\/notes$/)).toHaveLength(1);
    await requests.getByText('Ready', { exact: true }).first().waitFor({ timeout: 30_000 });

    const view = await context.newPage();
    await view.setContent(`<!doctype html><meta charset="utf-8"><title>Ticket #601</title>
<style>body{font:14px/1.5 -apple-system,'Segoe UI',Roboto,sans-serif;max-width:760px;margin:24px auto;color:#12344d}.n{border:1px solid #f8d48d;background:#fef7e6;border-radius:6px;padding:4px 16px;margin:12px 0}.h{font-size:12px;color:#475867}</style>
<h1>Ticket #601 · Checkout button does nothing</h1>
${freshdesk!.conversations(601).map((c) => `<div class="n"><div class="h">Private note · ${c.created_at}${c.updated_at !== c.created_at ? ` · edited ${c.updated_at}` : ''}</div>${c.body}</div>`).join('')}`);
    await shot(view, '3-note-as-stored');

    await page.reload();
    const log = card.getByRole('table', { name: 'Sync log' });
    await log.getByRole('row').filter({ hasText: 'submission.ready' }).filter({ hasText: 'Delivered' }).waitFor();
    await shot(page, '4-sync-log');
  }, 360_000);
});
