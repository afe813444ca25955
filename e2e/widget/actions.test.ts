import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionEvents, Summary, WidgetActionEvent, WidgetSettings } from '@showback/contract';
import { useProduct } from '../support/product.ts';
import { completeOnboarding, signInOwner, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { hostPage, recorderFrame, recordingStartReachedHost, SHOTS, startRecordingIn, stopAndSend, submittedIds } from './host-page.ts';

/** What the customer types: it must never leave the page, in any event, request or log. */
const CARD = '4242 4242 4242 4242';
const PASSWORD = 'hunter2-Sesame';
const TYPED = [CARD, CARD.replace(/ /g, ''), '4242 4242', PASSWORD, 'hunter2'];

/**
 * A billing page on the host site: an Account menu whose Billing item shows the payment form (a card number field
 * the page marks `.sentry-mask`, a password, a checkbox), and Pay now, whose request fails with a 500.
 */
const PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Acme Billing</title>
<script>
  window.Showback = window.Showback || function () { var a = arguments; return new Promise(function (r, j) { (Showback.q = Showback.q || []).push([a, r, j]); }); };
  (function () {
    var q = new URLSearchParams(location.search), s = document.createElement('script');
    s.async = true; s.src = q.get('host') + '/sdk/showback.js'; s.setAttribute('data-key', q.get('key'));
    document.head.appendChild(s);
  })();
</script>
<style>body { font: 16px/1.5 system-ui, sans-serif; margin: 24px; } [hidden] { display: none !important; } form p { margin: 8px 0; }</style>
</head><body>
<header><button id="account" aria-haspopup="menu" aria-expanded="false"><span aria-hidden="true">☰</span> Account</button>
<ul id="menu" role="menu" hidden><li role="none"><a role="menuitem" href="#billing">Billing</a></li><li role="none"><a role="menuitem" href="#profile">Profile</a></li></ul></header>
<main>
<form id="payment" aria-label="Payment" hidden>
  <p><label for="card">Card number</label> <input id="card" name="card" class="sentry-mask" autocomplete="off"></p>
  <p><label for="pw">Password</label> <input id="pw" name="password" type="password"></p>
  <p><label><input type="checkbox" name="remember"> Remember this card</label></p>
  <p><button type="submit">Pay now</button></p>
</form>
<pre id="log" aria-live="polite"></pre>
</main>
<script>
  var menu = document.getElementById('menu'), account = document.getElementById('account');
  account.addEventListener('click', function () { menu.hidden = !menu.hidden; account.setAttribute('aria-expanded', String(!menu.hidden)); });
  menu.addEventListener('click', function (e) {
    e.preventDefault();
    menu.hidden = true;
    document.getElementById('payment').hidden = e.target.getAttribute('href') !== '#billing';
  });
  document.getElementById('payment').addEventListener('submit', function (e) {
    e.preventDefault();
    fetch('/api/pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"amount":42}' })
      .then(function (r) { document.getElementById('log').textContent = 'pay: HTTP ' + r.status; });
  });
</script>
</body></html>`;

let billing: http.Server;
let host: string;
let owner: Owner;
let key: string;

const product = useProduct({ media: { screenCapture: true } });

async function api<T>(p: string): Promise<T> {
  const res = await fetch(`${product.server.url}${p}`, { headers: owner.headers });
  if (!res.ok) throw new Error(`GET ${p} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * The host site, on `localhost` (the product is on 127.0.0.1: another site): the billing page, and its Pay request,
 * which answers 500 (a server of its own, so the page is in the browser's local address space like the product).
 */
async function startBillingSite(): Promise<void> {
  billing = http.createServer((req, res) => {
    if (req.url?.startsWith('/billing/')) res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    else if (req.url === '/api/pay') res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"card processor down"}');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => billing.listen(0, 'localhost', resolve));
  host = `http://localhost:${(billing.address() as { port: number }).port}`;
}

/** The billing page in a fresh context; every request body the browser sends from it is kept. */
async function billingPage(context: BrowserContext): Promise<{ page: Page; bodies: string[] }> {
  const bodies: string[] = [];
  context.on('request', (request) => {
    const body = request.postDataBuffer();
    if (body) bodies.push(body.toString('latin1'));
  });
  const { page } = await hostPage(context, `${host}/billing/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(key)}`);
  return { page, bodies };
}

beforeAll(async () => {
  await startBillingSite();
  owner = await signUpOwner(product.server.url, 'Acme Billing Support');
  const res = await fetch(`${product.server.url}/api/v1/widget`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ allowed_origins: [host] }) });
  key = ((await res.json()) as WidgetSettings).key!;
  await completeOnboarding(owner);
  await fs.mkdir(SHOTS, { recursive: true });
});

afterAll(async () => {
  await new Promise((r) => billing?.close(r));
});

describe('the customer’s actions on the host page', () => {
  it('reach the owner as readable clicks and field changes without their values, and as steps to reproduce', async () => {
    const context = await product.context(1280);
    const { page, bodies } = await billingPage(context);
    const launcher = page.locator('showback-launcher').getByRole('button', { name: 'Record your screen' });
    await launcher.waitFor();

    // Before the widget opens (the SDK's pre-open buffer): the menu, the card number.
    await page.getByRole('button', { name: 'Account' }).click();
    await page.getByRole('menuitem', { name: 'Billing' }).click();
    await page.getByLabel('Card number').fill(CARD);
    await page.getByLabel('Card number').press('Tab');

    await launcher.click();
    const frame = await recorderFrame(page);
    await startRecordingIn(frame, page, { voice: false });
    await recordingStartReachedHost(page);
    // While recording: the password, the checkbox, then Pay now, which fails.
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Remember this card').check();
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.locator('#log').filter({ hasText: 'pay: HTTP 500' }).waitFor();
    await stopAndSend(frame);
    const [id] = await submittedIds(page);
    await context.close();

    const stored = await api<SubmissionEvents>(`/api/v1/submissions/${id}/events`);
    const actions = stored.events.filter((e): e is WidgetActionEvent => e.kind === 'action');
    const said = actions.map((a) => [a.action, a.role, a.name ?? null, a.state ?? null, a.t < 0 ? 'before' : 'during']);
    expect(said).toEqual(
      expect.arrayContaining([
        ['click', 'button', 'Account', null, 'before'],
        ['click', 'menuitem', 'Billing', null, 'before'],
        ['change', 'textbox', 'Card number', null, 'before'],
        ['key', 'textbox', 'Card number', null, 'before'],
        ['change', 'textbox', 'Password', null, 'during'],
        ['change', 'checkbox', 'Remember this card', 'checked', 'during'],
        ['click', 'button', 'Pay now', null, 'during'],
        ['submit', 'form', 'Payment', null, 'during'],
      ]),
    );
    expect(actions.find((a) => a.name === 'Pay now')?.selector).toBe('#payment button');
    expect(stored.events.find((e) => e.kind === 'network' && e.url.endsWith('/api/pay'))).toMatchObject({ method: 'POST', status: 500 });

    // What was typed never left the page: not in the stored events, not in any request body, not in the server's log.
    const everywhere = [JSON.stringify(stored), ...bodies, product.server.output()];
    for (const value of TYPED) expect(everywhere.filter((text) => text.includes(value)), value).toEqual([]);
    expect(bodies.some((b) => b.includes('"kind":"action"'))).toBe(true);

    // Steps to reproduce (no model here): the button clicked and the request that failed.
    await expect.poll(async () => (await api<Summary>(`/api/v1/submissions/${id}/summary`)).status, { timeout: 30_000 }).toBe('ready');
    const steps = (await api<Summary>(`/api/v1/submissions/${id}/summary`)).steps.map((s) => s.text);
    expect(steps).toEqual(expect.arrayContaining(["Clicked 'Account'", "Filled in 'Card number'", "Clicked 'Pay now'", 'POST /api/pay → 500']));
    expect(steps.indexOf("Clicked 'Pay now'")).toBeLessThan(steps.indexOf('POST /api/pay → 500'));

    // The owner's timeline: actions beside the console and network, a row seeks the video, a mark on its bar.
    expect((await waitForProcessed(owner, id!)).status).toBe('ready');
    const review = await product.context(1440, { viewport: { width: 1440, height: 1000 } });
    await signInOwner(review, owner);
    const dash = await review.newPage();
    await dash.goto(`${product.server.url}/my/recordings/${id}`);
    const timeline = dash.getByTestId('timeline');
    const row = (text: string) => timeline.locator('li[data-kind="action"]').filter({ hasText: text });
    await row("Clicked 'Pay now'").waitFor();
    expect(await row("Filled in 'Card number'").count()).toBe(1);
    expect(await timeline.locator('li[data-kind]').filter({ hasText: '/api/pay' }).count()).toBe(1);
    expect(await timeline.locator('[data-kind="action"]').count()).toBeGreaterThan(await timeline.locator('li[data-kind="action"]').count());
    const pay = row("Clicked 'Pay now'");
    const offset = Number(await pay.getAttribute('data-offset'));
    expect(offset).toBeGreaterThan(0);
    const video = dash.locator('video');
    await video.evaluate((v: HTMLVideoElement) => new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener('loadedmetadata', () => r(null), { once: true }))));
    await pay.getByRole('button').click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(offset / 1000, 1);
    const reproSteps = dash.getByTestId('repro-steps');
    await reproSteps.getByText("Clicked 'Pay now'").waitFor();
    expect(await reproSteps.textContent()).toContain('POST /api/pay → 500');
    expect(await dash.locator('body').textContent()).not.toContain(CARD);
    await dash.screenshot({ path: path.join(SHOTS, 'actions-timeline.png') });
    await reproSteps.scrollIntoViewIfNeeded();
    await dash.screenshot({ path: path.join(SHOTS, 'actions-steps-to-reproduce.png') });
    // Filterable like the other kinds.
    await timeline.getByTestId('timeline-actions').selectOption('none');
    await expect.poll(() => timeline.locator('li[data-kind="action"]').count()).toBe(0);
  });
});
