// The strict-CSP and React examples in real Chromium, cross-site (the examples on localhost, the product on
// 127.0.0.1): the launcher and the modal work under a nonce-only policy with no violation reported and the recorder
// records and sends there, and the npm package opens the recorder from code with no launcher at all.
import type http from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetSettings } from '@showback/contract';
import { useProduct } from '../support/product.ts';
import { signUpOwner } from '../recording/owner.ts';
import { installClock } from '../recording/recorder-page.ts';
import { debugRecorder, keepingIn, recorderFrame, sendFromPreviewed, shot, startCrossSiteHost, startRecordingIn, step } from './host-page.ts';

let examples: http.Server;
let host: string;
let key: string;

// Screen capture without a microphone: the strict-CSP page records and sends once.
const product = useProduct({ media: { screenCapture: true } });

beforeAll(async () => {
  // On localhost, another site than the product on 127.0.0.1: the recorder is a third-party frame, as on real sites.
  ({ server: examples, origin: host } = await startCrossSiteHost());
  const owner = await signUpOwner(product.server.url, 'Acme Store');
  const res = await fetch(`${product.server.url}/api/v1/widget`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ allowed_origins: [host] }) });
  expect(res.status).toBe(200);
  key = ((await res.json()) as WidgetSettings).key!; // a first save sets the widget up
});

afterAll(async () => {
  await new Promise((r) => examples?.close(r));
});

/** An example page, with what the page reports: uncaught errors and Content-Security-Policy violations. */
async function examplePage(name: string): Promise<{ page: Page; problems: string[] }> {
  const context = await product.context(1280);
  await debugRecorder(context);
  await installClock(context);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content.Security.Policy/i.test(m.text())) problems.push(`console: ${m.text()}`);
  });
  await page.exposeFunction('reportViolation', (v: string) => problems.push(`violation: ${v}`));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  await page.goto(`${host}/${name}/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(key)}`);
  return { page, problems };
}


/** The recorder in the modal's iframe reached its first step. */
async function recorderOpened(page: Page): Promise<void> {
  const frame = page.frameLocator('showback-modal iframe');
  await frame.locator('section[data-step="instructions"]').waitFor();
  // The widget's request speaks to the customer.
  await frame.getByRole('heading', { name: 'Show us what happened' }).waitFor();
}

describe('widget examples', () => {
  it("strict CSP: the launcher's nonce'd style applies, the modal and recorder open, Escape closes and returns focus; no violation", async () => {
    const { page, problems } = await examplePage('strict-csp');
    const launcher = page.locator('showback-launcher').getByRole('button', { name: 'Record your screen' });
    await launcher.waitFor();
    // The stylesheet in the shadow root ran under style-src 'nonce-…': the button is the SDK's indigo pill, fixed.
    expect(await launcher.evaluate((b) => [getComputedStyle(b).backgroundColor, getComputedStyle(b).position])).toEqual(['rgb(79, 70, 229)', 'fixed']);
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.locator('#log').filter({ hasText: 'pay: HTTP' }).waitFor();

    await launcher.click();
    await recorderOpened(page);
    expect(await launcher.getAttribute('aria-expanded')).toBe('true');
    await shot(page, '7-strict-csp-modal');
    // It records and sends under the nonce-only policy, the recording kept by the SDK in the page's own storage.
    const frame = await recorderFrame(page);
    await startRecordingIn(frame, page, { voice: false });
    expect(await keepingIn(frame)).toBe('host');
    // Recording: the widget is a small control, with no backdrop; the page's own button works under the policy.
    const control = page.getByRole('region', { name: 'Screen recording' });
    await control.waitFor();
    await page.locator('#log').evaluate((el) => (el.textContent = ''));
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.locator('#log').filter({ hasText: 'pay: HTTP' }).waitFor();
    await frame.getByRole('timer').filter({ hasText: '0:01' }).waitFor();
    await shot(page, '7-strict-csp-recording-control');
    // Opened again during the recording, then back to the control.
    await frame.getByRole('button', { name: 'Open the recorder' }).click();
    await page.getByRole('dialog', { name: 'Record your screen' }).waitFor();
    await frame.getByRole('button', { name: 'Back to the page' }).click();
    await control.waitFor();
    // Keyboard only, from the page: Tab reaches Stop (no trap on the way), Enter stops and the modal comes back.
    const stop = frame.getByRole('button', { name: 'Stop recording' });
    const stopFocused = () => stop.evaluate((b) => document.hasFocus() && document.activeElement === b);
    await page.getByRole('button', { name: 'Pay now' }).focus();
    for (let i = 0; i < 10 && !(await stopFocused()); i++) await page.keyboard.press('Tab');
    expect(await stopFocused()).toBe(true);
    await page.keyboard.press('Enter');
    await step(frame, 'preview').waitFor({ timeout: 20_000 });
    await page.getByRole('dialog', { name: 'Record your screen' }).waitFor();
    await frame.getByRole('button', { name: 'Looks good' }).click();
    await sendFromPreviewed(frame);
    // Escape on the modal's own Close button (a key sent while the recorder's cross-origin frame has focus can stall
    // headless Chromium's input routing; that path is the recorder forwarding `close`).
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).press('Escape');
    await page.locator('showback-modal').waitFor({ state: 'detached', timeout: 10_000 });
    expect(await launcher.getAttribute('aria-expanded')).toBe('false');
    expect(await launcher.evaluate((b) => b.getRootNode() instanceof ShadowRoot && (b.getRootNode() as ShadowRoot).activeElement === b)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('React app on the npm package: no launcher, open() from a button shows the recorder, close() leaves no modal', async () => {
    const { page, problems } = await examplePage('react');
    await page.getByRole('heading', { name: 'Orders' }).waitFor();
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('button', { name: 'Report a problem' }).click();
    await recorderOpened(page);
    expect(await page.locator('showback-launcher').count()).toBe(0);
    await shot(page, '8-react-modal');
    await page.getByRole('dialog').getByRole('button', { name: /close/i }).click();
    await page.locator('showback-modal').waitFor({ state: 'detached' });
    expect(await page.getByRole('status').textContent()).toBe('');
    expect(problems).toEqual([]);
  });
});
