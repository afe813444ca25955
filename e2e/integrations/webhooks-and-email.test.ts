import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser, useServer } from '../support/product.ts';
import { completeOnboarding, createRequest, signInOwner, signUpOwner } from '../recording/owner.ts';
import { openRecorder, startRecording, stopRecording, submit } from '../recording/recorder-page.ts';
import { grantSysadmin } from '../auth/session.ts';
import { mailTo } from '../support/mailbox.ts';

const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/integrations');

async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${page.viewportSize()?.width ?? 0}-${name}.png`), fullPage: true });
}

/** A customer's webhook endpoint on loopback (the server runs with OUTBOUND_ALLOW_LOCAL for it). */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString() });
    res.end('thanks');
  });
});
let receiverUrl = '';
beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/showback`;
});
afterAll(() => new Promise<void>((r) => receiver.close(() => r())));

const running = useServer({ OUTBOUND_ALLOW_LOCAL: 'true' });
const chromium = useBrowser({ screenCapture: true });

describe('/my/integrations: webhooks and email alerts', () => {
  it('owner adds a webhook endpoint, a customer records through a link, the owner sees the delivery (200) and the email', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Alerts Inc');
    await completeOnboarding(owner);
    const me = (await (await fetch(`${server.url}/api/v1/users/me`, { headers: owner.headers })).json()) as { email: string };
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    // Not the marketing /integrations page served for /my/… (the server once took "my" for a language prefix).
    await expect(page.getByRole('heading', { name: 'Integrate with your favorite tools' }).count()).resolves.toBe(0);

    // Bad input is explained under the field and nothing is added.
    await page.getByLabel('Endpoint URL').fill('ftp://example.com/hook');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await page.getByText('The URL must start with https://.').waitFor();
    await shot(page, '1-bad-url');
    await page.getByLabel('Endpoint URL').fill(receiverUrl);
    await page.getByLabel('Description (optional)').fill('Help desk bridge');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const endpoint = page.getByRole('listitem', { name: receiverUrl });
    await endpoint.getByText('Active').waitFor();

    // Email alerts are on for an owner by default.
    await expect(page.getByRole('checkbox', { name: 'Email me when a recording arrives' }).isChecked()).resolves.toBe(true);

    await endpoint.getByRole('button', { name: 'Reveal signing secret' }).click();
    await expect(endpoint.getByTestId('webhook-secret').textContent()).resolves.toMatch(/^whsec_/);
    await shot(page, '2-endpoint-added');

    // A customer records through a link.
    const request = await createRequest(owner, { title: 'Export button does nothing', microphone: 'off' });
    const customer = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 720 } }));
    const recorder = await openRecorder(customer, server.url, request.token);
    await startRecording(recorder);
    await recorder.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
    await stopRecording(recorder);
    await submit(recorder, { name: 'Grace Hopper' });

    // The owner opens the delivery log and finds the deliveries with status 200.
    await endpoint.getByRole('button', { name: 'Delivery log' }).click();
    const log = endpoint.getByRole('table', { name: 'Delivery log' });
    // A delivery is listed as Sending while its attempt is in flight; wait until both have settled.
    const settled = (type: string) => log.getByRole('row').filter({ hasText: type }).filter({ hasNotText: 'Sending' });
    for (const deadline = Date.now() + 90_000; ; ) {
      const rows = await Promise.all(['submission.ready', 'submission.created'].map((type) => settled(type).count().catch(() => 0)));
      if (rows.every((n) => n > 0)) break;
      if (Date.now() > deadline) throw new Error('no settled submission.created and submission.ready deliveries in the log');
      await page.waitForTimeout(1000);
      await endpoint.getByRole('button', { name: 'Refresh' }).click();
    }
    const ready = log.getByRole('row').filter({ hasText: 'submission.ready' });
    await expect(ready.textContent()).resolves.toMatch(/Delivered\s*200/);
    await expect(log.getByRole('row').filter({ hasText: 'submission.created' }).textContent()).resolves.toMatch(/Delivered\s*200/);
    await shot(page, '3-delivery-log');
    // submission.summarized (subscribed by default) may arrive any time after the transcript; these are the others.
    const lifecycle = () => received.filter((r) => JSON.parse(r.body).type !== 'submission.summarized');
    expect(lifecycle().map((r) => JSON.parse(r.body).type).sort()).toEqual(['submission.created', 'submission.ready']);
    expect(received.every((r) => /^v1,/.test(String(r.headers['webhook-signature'])))).toBe(true);

    // The "New recording" email is in the local mailbox.
    let mails: Awaited<ReturnType<typeof mailTo>> = [];
    for (const deadline = Date.now() + 30_000; mails.length === 0 && Date.now() < deadline; await page.waitForTimeout(250)) {
      mails = (await mailTo(server.dataDir, me.email)).filter((m) => m.subject.startsWith('New recording'));
    }
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('New recording: Export button does nothing from Grace Hopper');
    expect(mails[0]!.text).toContain('/my/recordings/');
    // How the email looks, in light and dark mode.
    const mailPage = await context.newPage();
    for (const scheme of ['light', 'dark'] as const) {
      await mailPage.emulateMedia({ colorScheme: scheme });
      await mailPage.setContent(mails[0]!.html!);
      await shot(mailPage, `4-email-${scheme}`);
    }

    // Replay: the same delivery once more, listed with two attempts.
    await ready.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('Delivery queued again.').waitFor();
    for (const deadline = Date.now() + 15_000; lifecycle().length < 3 && Date.now() < deadline; ) await page.waitForTimeout(100);
    expect(lifecycle()).toHaveLength(3);
    expect(lifecycle()[2]!.headers['webhook-id']).toBe(lifecycle().find((r) => JSON.parse(r.body).type === 'submission.ready')!.headers['webhook-id']);
  }, 180_000);

  it('Zapier: connect shows the key once in the modal, copy, regenerate after a confirm replaces the key', async () => {
    const server = running.server;
    const owner = await signUpOwner(server.url, 'Zaps Ltd');
    await completeOnboarding(owner);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    await signInOwner(context, owner);
    const page = await context.newPage();
    await page.goto(`${server.url}/my/integrations`);
    const card = page.locator('[data-integration="zapier"]');
    await card.getByRole('button', { name: 'Connect Zapier' }).click();
    const modal = page.getByRole('dialog', { name: 'Your Zapier API key' });
    await modal.waitFor();
    const key = await modal.getByLabel('API key').inputValue();
    expect(key).toMatch(/^sbz_/);
    expect(await modal.evaluate((el) => el.getBoundingClientRect().width)).toBe(500);
    await expect(modal.getByRole('listitem').count()).resolves.toBe(4);
    await modal.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('API key copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
    await shot(page, '5-zapier-modal');
    await modal.getByRole('button', { name: 'Done' }).click();
    await card.getByText('Connected').waitFor();
    await card.getByText('0 active zaps').waitFor();
    expect((await fetch(`${server.url}/api/v1/zapier/me`, { headers: { 'x-api-key': key } })).status).toBe(200);

    // Regenerate asks first in the product's dialog; Escape keeps the key.
    const ask = page.getByRole('dialog', { name: 'Make a new Zapier API key?' });
    await card.getByRole('button', { name: 'Retrieve or regenerate API key' }).click();
    await ask.waitFor();
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    await expect(modal.isVisible()).resolves.toBe(false);
    await card.getByRole('button', { name: 'Retrieve or regenerate API key' }).click();
    await ask.getByRole('button', { name: 'Retrieve or regenerate API key' }).click();
    await modal.waitFor();
    const fresh = await modal.getByLabel('API key').inputValue();
    expect(fresh).not.toBe(key);
    await shot(page, '6-zapier-regenerated');
    expect((await fetch(`${server.url}/api/v1/zapier/me`, { headers: { 'x-api-key': key } })).status).toBe(401);
    expect((await fetch(`${server.url}/api/v1/zapier/me`, { headers: { 'x-api-key': fresh } })).status).toBe(200);
    await modal.getByRole('button', { name: 'Done' }).click();
    await page.goto(`${server.url}/my/zapier`);
    await page.getByText(`${fresh.slice(0, 12)}…`).waitFor();
    await shot(page, '7-my-zapier');
  }, 120_000);

  it('a system admin sees every account\'s deliveries and zaps under /donkey', async () => {
    const server = running.server;
    const staff = await signUpOwner(server.url, 'Staff');
    await completeOnboarding(staff);
    const key = ((await (await fetch(`${server.url}/api/v1/integrations/zapier/authorize`, { headers: staff.headers })).json()) as { api_key: string }).api_key;
    await fetch(`${server.url}/api/v1/zapier/hooks`, { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ hookUrl: `${receiverUrl}/zap` }) });
    const me = (await (await fetch(`${server.url}/api/v1/users/me`, { headers: staff.headers })).json()) as { id: string };
    await grantSysadmin(server, me.id);
    const context = chromium.own(await chromium.browser.newContext({ viewport: { width: 1280, height: 900 } }));
    await signInOwner(context, staff);
    const page = await context.newPage();
    await page.goto(`${server.url}/donkey/webhook-deliveries`);
    await page.getByRole('heading', { name: 'Webhook deliveries' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Alerts Inc' }).filter({ hasText: 'submission.ready' }).first().waitFor();
    await shot(page, '8-admin-webhook-deliveries');
    await page.goto(`${server.url}/donkey/notification-deliveries`);
    await page.getByRole('row').filter({ hasText: 'Alerts Inc' }).filter({ hasText: 'email' }).first().waitFor();
    await page.goto(`${server.url}/donkey/zapier-subscriptions`);
    await page.getByRole('row').filter({ hasText: 'Staff' }).filter({ hasText: `${receiverUrl}/zap` }).waitFor();
    await shot(page, '9-admin-zapier-subscriptions');
  }, 120_000);
});
