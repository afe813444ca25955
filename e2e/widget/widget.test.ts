import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SubmissionEvents, WidgetSettings } from '@showback/contract';
import { seriousViolations } from '../support/accessibility.ts';
import { mailTo } from '../support/mailbox.ts';
import { launchProfile } from '../support/browser.ts';
import { speechWav } from '../support/media.ts';
import { useProduct } from '../support/product.ts';
import { completeOnboarding, download, signInOwner, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { debugRecorder, events, hostPage as openHostPage, hostSpoolRows, keepingIn, recorderFrame, SHOTS, shot, startCrossSiteHost, startRecordingIn, startRecordingInWidget, step, stopAndSend, submittedIds } from './host-page.ts';

const run = promisify(execFile);

let examples: http.Server;
let owner: Owner;
let host: string;
let key: string;
let tmp: string;
let wav: string;

const product = useProduct({
  media: async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-widget-'));
    wav = await speechWav(tmp);
    return { screenCapture: true, microphoneWav: wav };
  },
});

async function api<T>(method: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${product.server.url}${p}`, { method, headers: owner.headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${p} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

const hostPage = (context: BrowserContext, origin: string) =>
  openHostPage(context, `${origin}/plain/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(key)}`);

/** The permission belongs to the top-level page the customer sees; the iframe gets it through allow="microphone". */
async function grantMicrophone(context: BrowserContext): Promise<void> {
  await context.grantPermissions(['microphone'], { origin: host });
  await context.grantPermissions(['microphone'], { origin: product.server.url });
}

/**
 * From the host page's launcher to the recording submitted: an error and a failed request before the recording
 * (the page's Pay button); during it the widget is a small control and the customer uses the page itself, with real
 * clicks and typing: Pay now again, then a coupon typed and applied (an error and a 404 each). Returns the submission
 * and when (on the test's clock) the coupon was applied. The recorder is a third-party frame here, so its recording is
 * kept by the host page.
 */
async function recordOnHostPage(page: Page, opts: { shots?: string; beforeStart?: (frame: Frame) => Promise<void> } = {}): Promise<{ id: string; duringAt: number }> {
  const launcher = page.locator('showback-launcher').getByRole('button', { name: 'Record your screen' });
  await launcher.waitFor();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.locator('#log').filter({ hasText: 'pay: HTTP 404' }).waitFor();
  await launcher.click();
  const frame = await recorderFrame(page);
  await step(frame, 'instructions').waitFor();
  expect(frame.url()).toMatch(new RegExp(`^${product.server.url}/r/ws_`));
  if (opts.shots) await shot(page, `${opts.shots}-instructions`);
  await opts.beforeStart?.(frame);
  // With the voice: the microphone inside the cross-site frame is allowed by allow="microphone" and the grant.
  await startRecordingIn(frame, page);
  const startedAt = Date.now();
  // The browser refuses the third-party frame its own storage: the host page's SDK keeps the recording.
  expect(await keepingIn(frame)).toBe('host');
  await clockAt(frame, 1);
  await expectCompactControl(page);
  // The customer shows the problem on the page itself: the control takes no click meant for the page.
  await page.locator('#log').evaluate((el) => (el.textContent = ''));
  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.locator('#log').filter({ hasText: 'pay: HTTP 404' }).waitFor();
  await page.getByLabel('Coupon code').fill('SPRING24');
  const duringAt = Date.now() - startedAt;
  await page.getByRole('button', { name: 'Apply coupon' }).click();
  await page.locator('#log').filter({ hasText: 'coupon: HTTP 404' }).waitFor();
  if (opts.shots) await shot(page, `${opts.shots}-recording`);
  await clockAt(frame, 4);
  await page.waitForTimeout(400);
  await stopAndSend(frame);
  // After Stop the full modal is back for review and send.
  expect(await page.getByRole('dialog', { name: 'Record your screen' }).isVisible()).toBe(true);
  if (opts.shots) await shot(page, `${opts.shots}-done`);
  expect(await events(page)).toEqual(expect.arrayContaining(['open', 'recording:start', 'recording:stop', 'submitted']));
  const submitted = await submittedIds(page);
  expect(submitted).toHaveLength(1);
  // The server confirmed the submission: nothing of it is left in the host page's storage.
  expect(await hostSpoolRows(page)).toBe(0);
  return { id: submitted[0]!, duringAt };
}

/** Until the recording clock shows at least `seconds` (the checks on the way may take longer than a second). */
async function clockAt(frame: Frame, seconds: number): Promise<void> {
  await expect
    .poll(async () => {
      const [m, s] = ((await frame.getByRole('timer').textContent()) ?? '').trim().split(':').map(Number);
      return (m ?? 0) * 60 + (s ?? 0);
    }, { timeout: 30_000 })
    .toBeGreaterThanOrEqual(seconds);
}

/** While recording the widget is a small control in a corner, not a dialog over a backdrop. */
async function expectCompactControl(page: Page): Promise<void> {
  const control = page.getByRole('region', { name: 'Screen recording' });
  await control.waitFor();
  expect(await page.getByRole('dialog').count()).toBe(0);
  const box = (await control.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.height).toBeLessThanOrEqual(64);
  expect(box.width).toBeLessThanOrEqual(Math.min(382, viewport.width));
  // Its clock and buttons are inside it, in sight.
  const frame = page.frameLocator('showback-modal iframe');
  for (const part of [frame.getByRole('timer'), frame.getByRole('button', { name: 'Pause' }), frame.getByRole('button', { name: 'Stop recording' }), frame.getByRole('button', { name: 'Open the recorder' })]) {
    const b = (await part.boundingBox())!;
    expect(b.x >= box.x && b.y >= box.y && b.x + b.width <= box.x + box.width && b.y + b.height <= box.y + box.height).toBe(true);
  }
  // Axe, into the shadow root and the recorder's frame (on the plain page: axe's own inline styles would break a
  // strict CSP).
  expect(await seriousViolations(page, 'showback-modal')).toEqual([]);
  // The launcher's corner is bottom-right: the control is on the left, clear of it.
  expect(box.x).toBeLessThan(20);
  const launcher = (await page.locator('showback-launcher button').boundingBox())!;
  expect(box.x + box.width <= launcher.x || box.y + box.height <= launcher.y || launcher.y + launcher.height <= box.y).toBe(true);
}

/** The owner's API shows the host page's console error and failed request, before and during, at their offsets. */
async function expectHostEvents(id: string, duringAt: number): Promise<void> {
  const stored = await api<SubmissionEvents>('GET', `/api/v1/submissions/${id}/events`);
  expect(stored.origin).toBe(host);
  expect(stored.identity).toEqual({ id: 'customer-42', email: 'ada@example.com', name: 'Ada Lovelace' });
  expect(stored.metadata).toMatchObject({ page: 'checkout' });
  const before = stored.events.find((e) => e.kind === 'console' && e.message.startsWith('Payment failed'));
  const pay = stored.events.find((e) => e.kind === 'network' && e.url.includes('/api/pay') && e.t < 0);
  const during = stored.events.find((e) => e.kind === 'console' && e.message.startsWith('Coupon rejected: SPRING24'));
  const duringRequest = stored.events.find((e) => e.kind === 'network' && e.url.includes('/api/coupons/SPRING24'));
  // The Pay button clicked again while recording: its error and request are on the recording's clock too.
  const payDuring = stored.events.filter((e) => e.kind === 'network' && e.url.includes('/api/pay') && e.t > 0);
  expect(payDuring).toHaveLength(1);
  expect(before && pay && during && duringRequest).toBeTruthy();
  console.log('offsets (ms):', { before: before!.t, pay: pay!.t, during: during!.t, duringRequest: duringRequest!.t, duringAtTestClock: duringAt });
  expect(before!.t).toBeLessThan(0);
  expect(pay!.t).toBeLessThan(0);
  expect(before!.t).toBeLessThanOrEqual(pay!.t);
  expect(during!.t).toBeGreaterThan(Math.max(0, duringAt - 1500));
  expect(during!.t).toBeLessThan(duringAt + 1500);
  expect(duringRequest!.t).toBeGreaterThanOrEqual(during!.t);
  expect(duringRequest).toMatchObject({ status: 404, method: 'GET' });
  expect(payDuring[0]).toMatchObject({ status: 404, method: 'POST' });
  // Redacted before it left the page: the token query parameter and the password field.
  expect(pay!.kind === 'network' && pay!.url).not.toContain('secret-token');
  expect(before!.kind === 'console' && before!.message).not.toContain('never-sent');
}

/** The "New recording" emails the server kept for `to`. */
const alertMails = async (to: string) => (await mailTo(product.server.dataDir, to)).filter((m) => m.subject.startsWith('New recording'));

/**
 * Shares of a video frame at `seconds` (also written to `png`) in the colours the tests tell apart: the plain page's
 * store-header orange (#f97316, about 13% of a frame of the page, none under the modal's backdrop, which darkens it),
 * the recording control's red Stop button (about 0.15%), and the app-shell example's mint background (#ccfbf1).
 */
async function frameColours(mp4: string, seconds: number, png: string): Promise<{ orange: number; stop: number; shell: number; size: string }> {
  await run('ffmpeg', ['-y', '-v', 'error', '-ss', String(seconds), '-i', mp4, '-frames:v', '1', png]);
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', png, '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-'], { encoding: 'buffer', maxBuffer: 64 << 20 });
  const { stdout: size } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height', '-of', 'csv=p=0:s=x', png]);
  const rgb = stdout as unknown as Buffer;
  const count = { orange: 0, stop: 0, shell: 0 };
  for (let i = 0; i < rgb.length; i += 3) {
    const [r, g, b] = [rgb[i]!, rgb[i + 1]!, rgb[i + 2]!];
    if (r > 215 && g > 85 && g < 145 && b < 70) count.orange++;
    else if (r > 120 && g < 80 && b < 80) count.stop++;
    else if (r > 185 && r < 225 && g > 235 && b > 222 && b < 255) count.shell++;
  }
  const px = rgb.length / 3;
  return { orange: count.orange / px, stop: count.stop / px, shell: count.shell / px, size: size.trim() };
}

beforeAll(async () => {
  ({ server: examples, origin: host } = await startCrossSiteHost());
  owner = await signUpOwner(product.server.url, 'Acme Support');
  const settings = await api<WidgetSettings>('PUT', '/api/v1/widget', { allowed_origins: [host], appearance: { label: 'Report a problem', position: 'bottom-right' } });
  key = settings.key!; // a first save sets the widget up
  await completeOnboarding(owner);
});

afterAll(async () => {
  await new Promise((r) => examples?.close(r));
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

describe('widget on another site (the recorder is a third-party frame)', () => {
  it('records from the host page, and the recording page shows the error and the failed request at their offsets; clicking the error seeks', async () => {
    const context = await product.context(1280);
    await debugRecorder(context);
    await grantMicrophone(context);
    const { page, pageErrors } = await hostPage(context, host);
    // The example page starts from data-key alone, so the launcher has the SDK's default label.
    await page.locator('showback-launcher').getByRole('button', { name: 'Record your screen' }).waitFor();
    await shot(page, '1-host-page-launcher');

    // Forged and malformed messages at the host page: none may reach the widget or the page.
    await page.evaluate(() => {
      const forged = [
        'garbage',
        null,
        { protocol: 'showback-widget', v: 1, type: 'submitted', submissionId: 'forged' },
        { protocol: 'showback-widget', v: 1, type: 'recording:start', startedAt: 'x' },
        { protocol: 'showback-widget', v: 2, type: 'close' },
        { protocol: 'showback-widget', v: 1, type: 'context:request', id: {}, startedAt: 1 },
        { protocol: 'showback-widget', v: 1, type: 'spool', id: 'x', op: 'all', args: [] },
      ];
      for (const m of forged) window.postMessage(m, '*');
    });

    const { id, duringAt } = await recordOnHostPage(page, {
      shots: '2-cross-site-1280',
      beforeStart: async () => {
        // Another origin's frame inside the host page posts "close" and "submitted" to it: ignored.
        await page.evaluate((other) => {
          const f = document.createElement('iframe');
          f.id = 'intruder';
          f.src = `${other}/plain/missing.html`;
          document.body.appendChild(f);
          return new Promise((r) => (f.onload = r));
        }, host.replace('localhost', '127.0.0.1'));
        await page.frames().find((f) => f.url().endsWith('/plain/missing.html'))!.evaluate(() => {
          window.parent.postMessage({ protocol: 'showback-widget', v: 1, type: 'close' }, '*');
          window.parent.postMessage({ protocol: 'showback-widget', v: 1, type: 'submitted', submissionId: 'forged' }, '*');
        });
        // Malformed data straight at the recorder from the page: it only answers its own requests.
        await page.evaluate((product) => {
          const w = document.querySelector('showback-modal')!.shadowRoot!.querySelector('iframe')!.contentWindow!;
          w.postMessage({ protocol: 'showback-widget', v: 1, type: 'context', id: 'nope', context: { events: 'x' } }, product);
          w.postMessage({ protocol: 'showback-widget', v: 1, type: 'spool:result', id: 'nope', ok: true, value: [] }, product);
          w.postMessage('{"type":"close"}', product);
        }, product.server.url);
        await page.waitForTimeout(300);
        expect(await page.locator('showback-modal iframe').count()).toBe(1);
      },
    });
    expect(id).not.toBe('forged');
    await expectHostEvents(id, duringAt);
    // The host page never saw an error, and a forged "submitted" never reached it.
    expect(pageErrors).toEqual([]);
    await context.close();

    // The dashboard: video with the timeline beside it.
    const processed = await waitForProcessed(owner, id);
    expect(processed.status).toBe('ready');
    // The saved video shows the customer's page (its orange store header, undimmed), not the recorder's modal.
    const mp4 = path.join(tmp, 'widget-recording.mp4');
    await download(owner, processed.download_url!, mp4);
    const colours = await frameColours(mp4, 2.5, path.join(SHOTS, '2-cross-site-1280-video-frame.png'));
    expect(colours.orange).toBeGreaterThan(0.05);
    // Without `recordElement` the whole tab is recorded: the control's red Stop button is in the video.
    expect(colours.stop).toBeGreaterThan(0.0005);
    const review = await product.context(1440, { viewport: { width: 1440, height: 900 } });
    await signInOwner(review, owner);
    const dash = await review.newPage();
    await dash.goto(`${product.server.url}/my/recordings/${id}`);
    // The customer the page passed with identify() is the sender, here and in the alert email.
    const customer = dash.getByRole('region', { name: 'From the customer' });
    await customer.getByText('Ada Lovelace').waitFor();
    expect(await customer.getByRole('link', { name: 'ada@example.com' }).count()).toBe(1);
    expect(await customer.getByText('User ID customer-42').count()).toBe(1);
    await customer.scrollIntoViewIfNeeded();
    await shot(dash, '4-recording-from-the-customer');
    const me = (await api<{ email: string }>('GET', '/api/v1/users/me')).email;
    await expect.poll(async () => (await alertMails(me)).map((m) => m.subject), { timeout: 30_000 }).toEqual(['New recording: Show us what happened from Ada Lovelace']);
    expect((await alertMails(me))[0]!.text).toContain('From: Ada Lovelace <ada@example.com> · User ID customer-42 in your app');
    const timeline = dash.getByTestId('timeline');
    await timeline.locator('li[data-kind]').first().waitFor().catch(async (e) => {
      await shot(dash, 'debug-recording-page');
      throw e;
    });
    const row = (text: string) => timeline.locator('li[data-kind]').filter({ hasText: text });
    expect(Number(await row('Payment failed').first().getAttribute('data-offset'))).toBeLessThan(0);
    expect(Number(await row('/api/pay').first().getAttribute('data-offset'))).toBeLessThan(0);
    await expect.poll(() => row('/api/pay').first().textContent()).toContain('404');
    // What the customer's clicks during the recording caused, on the owner's timeline.
    expect(Number(await row('/api/pay').last().getAttribute('data-offset'))).toBeGreaterThan(0);
    expect(Number(await row('/api/coupons/SPRING24').getAttribute('data-offset'))).toBeGreaterThan(0);
    const duringRow = row('Coupon rejected');
    const offset = Number(await duringRow.getAttribute('data-offset'));
    expect(offset).toBeGreaterThan(0);
    const video = dash.locator('video');
    await video.evaluate((v: HTMLVideoElement) => new Promise((r) => (v.readyState >= 1 ? r(null) : v.addEventListener('loadedmetadata', () => r(null), { once: true }))));
    await duringRow.getByRole('button').click();
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(offset / 1000, 1);
    await expect.poll(() => duringRow.getAttribute('aria-current')).toBe('true');
    // Keyboard: arrow down moves to the next event, Enter plays from it.
    await duringRow.getByRole('button').focus();
    await dash.keyboard.press('ArrowDown');
    await dash.keyboard.press('Enter');
    const next = Number(await timeline.locator('li[data-kind]:has(button:focus)').getAttribute('data-offset'));
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeCloseTo(Math.max(0, next) / 1000, 1);
    await timeline.getByTestId('timeline-level').selectOption('error');
    await timeline.getByTestId('timeline-status').selectOption('failed');
    await shot(dash, '4-recording-timeline');

    // The recordings list names the identified customer as the sender.
    await dash.goto(`${product.server.url}/my/recordings`);
    await dash.getByTestId('submission-item').filter({ hasText: 'Ada Lovelace' }).waitFor();

    await dash.goto(`${product.server.url}/my/widget`);
    await dash.getByTestId('widget-snippet').waitFor();
    expect(await dash.getByTestId('widget-snippet').textContent()).toContain(key);
    await shot(dash, '5-my-widget');
    await dash.setViewportSize({ width: 1440, height: 2000 });
    await dash.screenshot({ path: path.join(SHOTS, '5-my-widget-full.png'), fullPage: true });
  });

  it('records the same way in a persistent browser profile, as a person\'s normal Chromium runs (360 px wide)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-profile-'));
    const context = await launchProfile(dir, { screenCapture: true, microphoneWav: wav }, { viewport: { width: 360, height: 740 } });
    try {
      await debugRecorder(context);
      await grantMicrophone(context);
      const { page, pageErrors } = await hostPage(context, host);
      const { id, duringAt } = await recordOnHostPage(page, { shots: '3-cross-site-360-profile' });
      await expectHostEvents(id, duringAt);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('with init({ recordElement }) the video is the app shell without the recording control (Element Capture, Chromium)', async () => {
    const context = await product.context(1280);
    const { page, pageErrors } = await openHostPage(context, `${host}/app-shell/?host=${encodeURIComponent(product.server.url)}&key=${encodeURIComponent(key)}`);
    const frame = await startRecordingInWidget(page, { voice: false });
    await expectCompactControl(page);
    // The shell carries the stacking context Element Capture needs while the widget is open, and no longer after.
    expect(await page.locator('#app').evaluate((el) => getComputedStyle(el).isolation)).toBe('isolate');
    await page.getByRole('button', { name: 'Export invoices' }).click();
    await shot(page, '9-app-shell-recording');
    await clockAt(frame, 2);
    // The app renders its shell anew: the old element is gone, so the recorder goes back to the whole tab rather than
    // freeze the video (the browser sends no frames of an element that left the page).
    await page.getByRole('button', { name: 'Reload the app' }).click();
    // Chromium resumes the whole tab's frames some 2–3 s after the restriction is lifted (measured): until then the
    // video holds its last frame.
    await clockAt(frame, 7);
    await stopAndSend(frame);
    await page.getByRole('dialog', { name: 'Record your screen' }).getByRole('button', { name: 'Close' }).click();
    expect(await page.locator('#app').evaluate((el) => getComputedStyle(el).isolation)).toBe('auto');
    await shot(page, '9-app-shell-after');
    const [id] = await submittedIds(page);
    const viewport = page.viewportSize()!;
    expect(pageErrors).toEqual([]);
    await context.close();

    const processed = await waitForProcessed(owner, id!);
    expect(processed.status).toBe('ready');
    const mp4 = path.join(tmp, 'app-shell-recording.mp4');
    await download(owner, processed.download_url!, mp4);
    const colours = await frameColours(mp4, 1.5, path.join(SHOTS, '9-app-shell-video-frame.png'));
    const remounted = await frameColours(mp4, 6.5, path.join(SHOTS, '9-app-shell-remounted-video-frame.png'));
    console.log('app shell frame:', colours, 'after the shell was replaced:', remounted);
    // The shell's own background fills the frame (the viewport's size: the shell is 100vh), its header is there…
    expect(colours.shell).toBeGreaterThan(0.5);
    expect(colours.size).toBe(`${viewport.width}x${viewport.height}`);
    // …and the control floating over it is not.
    expect(colours.stop).toBeLessThan(0.0001);
    // Once the shell was replaced: the whole tab, control included, still moving.
    expect(remounted.stop).toBeGreaterThan(0.0005);
    expect(remounted.shell).toBeGreaterThan(0.5);
  });

  it('speaks the language the page chose (Spanish) over the browser\'s (German): launcher, modal and the recorder in it', async () => {
    const context = await product.context(1280, { locale: 'de-DE' });
    const { page, pageErrors } = await hostPage(context, host);
    const launcher = page.locator('showback-launcher').getByRole('button');
    // Before the page chooses, the customer's browser decides.
    await launcher.filter({ hasText: 'Bildschirm aufnehmen' }).waitFor();
    // The integrator's code (the page's own language setting), not a customer action.
    await page.evaluate(() => (window as unknown as { Showback: (...a: unknown[]) => unknown }).Showback('setLocale', 'es'));
    await launcher.filter({ hasText: 'Grabar su pantalla' }).click();
    const dialog = page.getByRole('dialog', { name: 'Grabar su pantalla' });
    await dialog.getByRole('button', { name: 'Cerrar' }).waitFor();
    const frame = await recorderFrame(page);
    await frame.getByRole('button', { name: 'Empezar' }).waitFor();
    expect(await frame.evaluate(() => document.documentElement.lang)).toBe('es');
    // Switched while open: the recorder follows in place, without reloading.
    await page.evaluate(() => (window as unknown as { Showback: (...a: unknown[]) => unknown }).Showback('setLocale', 'ar'));
    await frame.getByRole('button', { name: 'ابدأ' }).waitFor();
    expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
    await page.getByRole('dialog', { name: 'سجّل شاشتك' }).waitFor();
    await shot(page, 'widget-ar');
    expect(pageErrors).toEqual([]);
  });

  it('refuses the key from an origin that is not allowed, without errors in the host page', async () => {
    const context = await product.context(1024, { viewport: { width: 1024, height: 700 } });
    // Same server, other origin: 127.0.0.1 is not localhost.
    const other = host.replace('localhost', '127.0.0.1');
    const { page, pageErrors } = await hostPage(context, other);
    await page.locator('showback-launcher button').waitFor();
    await page.locator('#help').click();
    await page.locator('#log').filter({ hasText: 'widget:' }).waitFor();
    expect(await page.locator('#log').textContent()).toMatch(/widget: (ORIGIN_NOT_ALLOWED|NETWORK)/);
    expect(await page.locator('showback-modal iframe').count()).toBe(0);
    await page.locator('showback-modal [role="alert"]').waitFor();
    await shot(page, '6-disallowed-origin');
    expect(await events(page)).toContain('error');
    expect(pageErrors).toEqual([]);
  });
});
