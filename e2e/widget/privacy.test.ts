import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WidgetSettings } from '@showback/contract';
import { useProduct } from '../support/product.ts';
import { completeOnboarding, download, signInOwner, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { hostPage, startRecordingInWidget, stopAndSend, submittedIds } from './host-page.ts';

const run = promisify(execFile);
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/privacy');

// What the customer types. The card number's groups are what OCR must not find in the video.
const CARD = '4929 1807 5533 6024';
const PASSWORD = 'hunter2-secret';
const NAME = 'ADA LOVELACE';
// Shown by the page during the recording, in a `data-private` element the app adds then.
const API_KEY = '7351 8846 2290';

/**
 * A host page on another site with a card number in a `.sentry-mask` field (Sentry's convention), a password field and
 * an unmasked name field, in type large enough for OCR; it attaches metadata as an integrator's page does.
 */
const PRIVACY_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Acme Billing</title>
  <script>
    window.Showback = window.Showback || function () {
      var a = arguments;
      return new Promise(function (r, j) { (Showback.q = Showback.q || []).push([a, r, j]); });
    };
    (function () {
      var q = new URLSearchParams(location.search);
      var s = document.createElement('script');
      s.async = true;
      s.src = q.get('host') + '/sdk/showback.js';
      s.setAttribute('data-key', q.get('key'));
      document.head.appendChild(s);
    })();
    Showback('setMetadata', { plan: 'enterprise', app_version: '4.2.1' });
  </script>
  <style>
    body { margin: 0; font: 32px/1.4 sans-serif; background: #fff; color: #000; }
    main { padding: 16px 40px; }
    label { display: block; margin-top: 12px; }
    input { font: 40px/1.2 monospace; width: 640px; padding: 6px 10px; border: 2px solid #000; }
  </style>
</head>
<body>
  <main>
    <h1>Billing details</h1>
    <label for="card">Card number</label><input id="card" class="sentry-mask" autocomplete="off">
    <label for="password">Password</label><input id="password" type="password">
    <label for="name">Name on card</label><input id="name" autocomplete="off">
    <p><button id="show-key" type="button">Show API key</button></p>
    <p id="key-line"></p>
  </main>
  <script>
    // The app renders the key when asked, into a marked element that was not on the page before.
    document.getElementById('show-key').addEventListener('click', function () {
      document.getElementById('key-line').innerHTML = 'API key <span id="api-key" data-private>${API_KEY}</span>';
    });
  </script>
</body>
</html>`;

let hostServer: http.Server;
let host: string;
let owner: Owner;
let key: string;
let tmp: string;

const product = useProduct({ media: { screenCapture: true } });

beforeAll(async () => {
  // Served from a real server on localhost (another site than the product's 127.0.0.1): a page Playwright fulfils
  // itself has no address, and Chromium's Private Network Access then refuses its requests to the product.
  hostServer = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PRIVACY_PAGE));
  await new Promise<void>((r) => hostServer.listen(0, '127.0.0.1', r));
  host = `http://localhost:${(hostServer.address() as { port: number }).port}`;
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-privacy-'));
  await fs.mkdir(SHOTS, { recursive: true });
  owner = await signUpOwner(product.server.url, 'Acme Billing');
  const res = await fetch(`${product.server.url}/api/v1/widget`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ allowed_origins: [host] }) });
  if (!res.ok) throw new Error(`PUT /api/v1/widget answered ${res.status}: ${await res.text()}`);
  key = ((await res.json()) as WidgetSettings).key!;
  await completeOnboarding(owner);
});

afterAll(async () => {
  await new Promise((r) => hostServer?.close(r));
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

const filterOf = (page: Page, selector: string) => page.locator(selector).evaluate((el) => getComputedStyle(el).filter);

/** The text tesseract reads on the video's frame at `seconds` (negative: from the end; the frame is kept as `png`). */
async function ocrFrame(mp4: string, seconds: number, png: string): Promise<string> {
  await run('ffmpeg', ['-y', '-v', 'error', seconds < 0 ? '-sseof' : '-ss', String(seconds), '-i', mp4, '-frames:v', '1', png]);
  const { stdout } = await run('tesseract', [png, 'stdout', '-l', 'eng']);
  return stdout;
}

describe('privacy on the host page (the widget on another site)', () => {
  it('blurs the private fields in the video itself and unblurs them at Stop; the page’s metadata is on the recording and filters the list', async () => {
    const context = await product.context(1280);
    const { page, pageErrors } = await hostPage(context, `${host}/privacy/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(key)}`);
    await page.locator('showback-launcher button').waitFor();
    // The customer fills the form before recording: the card number is on screen from the video's first frame.
    await page.getByLabel('Card number').fill(CARD);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByLabel('Name on card').fill(NAME);
    expect(await filterOf(page, '#card')).toBe('none');

    const frame = await startRecordingInWidget(page, { voice: false });
    const startedAt = Date.now();
    // While recording: the marked fields are blurred on the page, the rest is not, and the control says so.
    expect(await filterOf(page, '#card')).toBe('blur(12px)');
    expect(await filterOf(page, '#password')).toBe('blur(12px)');
    expect(await filterOf(page, '#name')).toBe('none');
    const control = page.getByRole('region', { name: 'Screen recording' });
    await control.waitFor();
    expect(await page.locator('showback-modal').getByText('Private fields are blurred').isVisible()).toBe(true);
    // The app adds a private element during the recording: blurred as it appears.
    await page.getByRole('button', { name: 'Show API key' }).click();
    expect(await filterOf(page, '#api-key')).toBe('blur(12px)');
    await page.screenshot({ path: path.join(SHOTS, 'host-page-while-recording.png') });
    // Two seconds of video, on the recorder's own clock.
    await expect.poll(() => frame.getByRole('timer').textContent(), { timeout: 20_000 }).toMatch(/0:0[2-9]/);
    await stopAndSend(frame);
    const recordedFor = Date.now() - startedAt;
    // Stopped: the page is itself again.
    expect(await filterOf(page, '#card')).toBe('none');
    expect(await filterOf(page, '#password')).toBe('none');
    expect(await filterOf(page, '#api-key')).toBe('none');
    expect(await page.locator('style').evaluateAll((styles) => styles.filter((s) => s.textContent?.includes('sentry-mask')).length)).toBe(0);
    const [id] = await submittedIds(page);
    expect(pageErrors).toEqual([]);
    await context.close();

    const processed = await waitForProcessed(owner, id!);
    expect(processed.status).toBe('ready');
    const mp4 = path.join(tmp, 'privacy.mp4');
    await download(owner, processed.download_url!, mp4);
    // The card number was on the page, typed, for the whole recording: a frame from its middle.
    const text = await ocrFrame(mp4, 1, path.join(SHOTS, 'video-frame-blurred.png'));
    console.log(`OCR of the frame at 1 s (recorded for ${recordedFor} ms):\n${text}`);
    // OCR reads this frame: the page's labels and the unmasked field are there…
    expect(text).toContain('Card number');
    expect(text).toContain('Billing details');
    expect(text).toContain(NAME);
    // …and not one group of the card's digits, nor the password.
    const digits = text.replace(/\D/g, '');
    for (const group of CARD.split(' ')) expect(digits).not.toContain(group);
    expect(text).not.toContain(PASSWORD);
    // The video's last frame, before Stop lifted the blur: the key the app added while recording is blurred too.
    const last = await ocrFrame(mp4, -0.3, path.join(SHOTS, 'video-last-frame.png'));
    console.log(`OCR of the last frame:\n${last}`);
    expect(last).toContain('API key');
    expect(last).toContain(NAME);
    for (const group of API_KEY.split(' ')) expect(last.replace(/\D/g, '')).not.toContain(group);

    // The owner: the page's metadata beside the environment, and the list filtered by it.
    const review = await product.context(1280, { viewport: { width: 1280, height: 900 } });
    await signInOwner(review, owner);
    const dash = await review.newPage();
    await dash.goto(`${product.server.url}/my/recordings/${id}`);
    const metadata = dash.getByRole('region', { name: 'App metadata' });
    await metadata.getByRole('link', { name: 'enterprise' }).waitFor();
    expect(await metadata.locator('dt').allTextContents()).toEqual(['plan', 'app_version']);
    expect(await metadata.locator('dd').allTextContents()).toEqual(['enterprise', '4.2.1']);
    await metadata.scrollIntoViewIfNeeded();
    await dash.screenshot({ path: path.join(SHOTS, 'recording-page-metadata-1280.png') });
    await metadata.getByRole('link', { name: 'enterprise' }).click();
    await dash.waitForURL(/\/my\/recordings\?meta=plan%3Aenterprise$/);
    await dash.getByRole('list', { name: 'Filtered by app metadata' }).getByText('plan = enterprise').waitFor();
    await expect.poll(() => dash.getByTestId('submission-item').count()).toBe(1);
    await dash.screenshot({ path: path.join(SHOTS, 'recordings-filtered-by-plan.png') });
    await dash.goto(`${product.server.url}/my/recordings?meta=plan:free`);
    await dash.getByText('No recordings match these filters.').waitFor();
    expect(await dash.getByTestId('submission-item').count()).toBe(0);
  });
});
