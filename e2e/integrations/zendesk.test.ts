import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import type { TicketRequest } from '@showback/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaFile } from '../../api/test/support/fixtures/media.ts';
import { submit as submitUpload, submitBody, tusUpload } from '../../api/test/support/fixtures/recording.ts';
import { startZendeskServer, ZENDESK_CLIENT, ZENDESK_SUBDOMAIN, type ZendeskComment, type ZendeskServer } from '../../api/test/support/zendesk-server.ts';
import { completeOnboarding, signInOwner, signUpOwner, type Owner } from '../recording/owner.ts';
import { openRecorder, startRecording, stopRecording, submit } from '../recording/recorder-page.ts';
import { speechWav } from '../support/media.ts';
import { useBrowser, useServer } from '../support/product.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `zendesk-${name}.png`), fullPage: true });
}

let zendesk: ZendeskServer | undefined;
const running = useServer(async () => {
  zendesk = await startZendeskServer();
  return { ZENDESK_CLIENT_ID: ZENDESK_CLIENT.id, ZENDESK_CLIENT_SECRET: ZENDESK_CLIENT.secret, ZENDESK_URL: zendesk.urlTemplate };
});
let tmp: string | undefined;
// The customer speaks while recording, so the transcript and the summary have their words.
const chromium = useBrowser(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-zendesk-'));
  return { screenCapture: true, microphoneWav: await speechWav(tmp, 'When I press pay, nothing happens and the spinner never stops.') };
});
afterAll(async () => {
  await zendesk?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** What the Zendesk app sends when the agent asks for a recording from ticket `ticketId`. */
async function requestFromTicket(owner: Owner, ticketId: number, subject: string): Promise<TicketRequest> {
  const res = await fetch(`${owner.url}/api/v1/integrations/zendesk/tickets/${ticketId}/requests`, {
    method: 'POST',
    headers: owner.headers,
    body: JSON.stringify({ subject, requester_email: 'grace@customer.example', requester_name: 'Grace Hopper' }),
  });
  if (res.status !== 201) throw new Error(`ticket request answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TicketRequest;
}

async function comments(ticketId: number, count: number, timeoutMs = 150_000): Promise<ZendeskComment[]> {
  const deadline = Date.now() + timeoutMs;
  while (zendesk!.comments(ticketId).length < count) {
    if (Date.now() > deadline) throw new Error(`ticket ${ticketId} has ${zendesk!.comments(ticketId).length} comments, expected ${count}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return zendesk!.comments(ticketId);
}

describe('/my/integrations: the Zendesk card and the notes written back', () => {
  it('connects through Zendesk’s OAuth pages; a recording from a ticket comes back as an internal note, then its summary; a revoked access shows on the card', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Helpdesk Heroes');
    await completeOnboarding(owner);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 1000 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
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

    // The agent asks from ticket 501; the customer records through the link in the browser.
    zendesk!.addTicket(501, 'Checkout button does nothing', { name: 'Grace Hopper', email: 'grace@customer.example' });
    const made = await requestFromTicket(owner, 501, 'Checkout button does nothing');
    const customer = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 720 } }));
    await customer.grantPermissions(['microphone'], { origin: server.url });
    const recorder = await openRecorder(customer, server.url, made.request.token);
    await startRecording(recorder);
    await recorder.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
    await stopRecording(recorder);
    await submit(recorder, { name: 'Grace Hopper' });

    // One internal note, then the update with the summary.
    const [, note, update] = await comments(501, 3);
    expect([note!.public, update!.public]).toEqual([false, false]);
    expect(note!.html_body).toContain('Showback recording: Checkout button does nothing');
    expect(update!.html_body).toContain('<strong>Summary</strong>');
    expect(zendesk!.callsTo('PUT', /^\/api\/v2\/tickets\/501\.json$/)).toHaveLength(2);
    expect(zendesk!.tags(501)).toEqual(['showback_recording', 'needs_review']);
    const view = await context.newPage();
    await view.setContent(`<!doctype html><meta charset="utf-8"><title>Ticket #501</title>
<style>body{font:14px/1.5 system-ui,sans-serif;max-width:760px;margin:24px auto;color:#2f3941}.c{border:1px solid #f5ca75;background:#fff8ed;border-radius:6px;padding:4px 16px;margin:12px 0}.h{font-size:12px;color:#68737d}</style>
<h1>Ticket #501 · Checkout button does nothing</h1>
${zendesk!.comments(501).slice(1).map((c) => `<div class="c"><div class="h">Internal note · ${c.created_at}</div>${c.html_body}</div>`).join('')}`);
    await shot(view, '2-notes-as-stored');

    await card.getByRole('button', { name: 'Refresh' }).click();
    const log = card.getByRole('table', { name: 'Sync log' });
    await log.getByRole('row').filter({ hasText: 'submission.summarized' }).filter({ hasText: 'Delivered' }).waitFor();
    await expect(log.getByRole('row').filter({ hasText: 'submission.ready' }).textContent()).resolves.toMatch(/#501.*Delivered\s*200/);

    // An admin revokes Showback's access in Zendesk: the next recording's note fails and the card says so.
    zendesk!.revokeAll();
    const uploadId = await tusUpload(server.url, await mediaFile('h264-opus-fmp4', 2), { token: made.request.token });
    expect((await submitUpload(server.url, made.request.token, submitBody(uploadId))).status).toBe(201);
    // The note is attempted once the recording is processed (seconds here, longer on a busy machine).
    for (const deadline = Date.now() + 240_000; ; ) {
      await page.reload();
      // The card shows the connection once its status has loaded; the warning, if any, comes in the same render.
      await card.getByText(`Connected to ${ZENDESK_SUBDOMAIN}.zendesk.com`).waitFor();
      if (await card.getByText('Notes are not being written to Zendesk').isVisible()) break;
      if (Date.now() > deadline) {
        const log = await (await fetch(`${server.url}/api/v1/integrations/zendesk/sync_log`, { headers: owner.headers })).text();
        const recordings = await (await fetch(`${server.url}/api/v1/integrations/zendesk/tickets/501/requests`, { headers: owner.headers })).text();
        throw new Error(`the card never showed the error state; sync log: ${log}; recordings: ${recordings}`);
      }
      await page.waitForTimeout(2000);
    }
    await card.getByText('Reconnect Zendesk').first().waitFor();
    await shot(page, '3-revoked');
    expect(zendesk!.comments(501)).toHaveLength(3);
  }, 420_000);
});
