// A customer's site embedding the widget, as it really is: the host page on another site than the product (the
// examples server on `localhost`, the product on `127.0.0.1`), so the recorder is a third-party frame.
import fs from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { expect } from 'vitest';
import { startExamplesServer } from '../../examples/serve.mjs';
import { installClock, passCountdown } from '../recording/recorder-page.ts';

export const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/widget');

export async function shot(page: Page, name: string): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: false });
}

/** The examples server, reached as `http://localhost:<port>`: a different site from the product's 127.0.0.1. */
export async function startCrossSiteHost(): Promise<{ server: http.Server; origin: string }> {
  const server = await startExamplesServer(0);
  return { server, origin: `http://localhost:${(server.address() as { port: number }).port}` };
}

/**
 * The recorder the widget frames opens with `?debug=1` (its test hook: spool sha256, where the recording is kept),
 * by adding it to the recorder URL of the session the SDK receives; the server's answer is otherwise unchanged.
 */
export async function debugRecorder(context: BrowserContext): Promise<void> {
  await context.route('**/api/v1/widget/sessions', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    const session = (await response.json()) as { recorder_url?: string };
    if (session.recorder_url) session.recorder_url += '?debug=1';
    await route.fulfill({ response, json: session });
  });
}

/** A host page that records what reaches it: page errors, and the widget's events through the public `on()`. */
export async function hostPage(context: BrowserContext, url: string): Promise<{ page: Page; pageErrors: string[] }> {
  await installClock(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  // The recorder asks before a page with an unsent recording goes away; tests that reload say yes.
  page.on('dialog', (d) => void d.accept());
  await page.goto(url);
  await listenToWidget(page);
  return { page, pageErrors };
}

/** Keeps the widget's events (public `on()`) in `window.__events`; again after each reload of the page. */
export async function listenToWidget(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { Showback: (...a: unknown[]) => unknown; __events: [string, unknown][] };
    w.__events = [];
    for (const name of ['open', 'close', 'recording:start', 'recording:stop', 'upload:progress', 'submitted', 'error']) {
      w.Showback('on', name, (payload: unknown) => w.__events.push([name, payload]));
    }
  });
}

export const events = (page: Page) => page.evaluate(() => (window as unknown as { __events: [string, unknown][] }).__events.map(([n]) => n));

/**
 * The recorder shows its recording step a frame before it starts (the video does not open on the countdown), and its
 * start reaches the host page through the frame after that: what the customer does on the page before then is dated
 * before the recording.
 */
export async function recordingStartReachedHost(page: Page): Promise<void> {
  await expect.poll(() => events(page), { timeout: 10_000 }).toContain('recording:start');
}

export const submittedIds = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: [string, { submissionId?: string }][] }).__events.filter(([n]) => n === 'submitted').map(([, p]) => p.submissionId!));

export async function recorderFrame(page: Page): Promise<Frame> {
  const iframe = page.locator('showback-modal iframe');
  await iframe.waitFor();
  const frame = await (await iframe.elementHandle())!.contentFrame();
  if (!frame) throw new Error('no recorder frame');
  await frame.waitForLoadState();
  return frame;
}

export const step = (frame: Frame | Page, name: string) => frame.locator(`section[data-step="${name}"]`);

/** Launcher → recorder → through the microphone step (voice on when offered) → sharing → countdown → recording. */
export async function startRecordingInWidget(page: Page, opts: { shots?: string; voice?: boolean } = {}): Promise<Frame> {
  await page.locator('showback-launcher button').click();
  const frame = await recorderFrame(page);
  await startRecordingIn(frame, page, opts);
  return frame;
}

/** `voice: false` records without the microphone (a browser without a fake microphone device). */
export async function startRecordingIn(frame: Frame | Page, page: Page, opts: { shots?: string; voice?: boolean } = {}): Promise<void> {
  await step(frame, 'instructions').waitFor();
  if (opts.shots) await shot(page, `${opts.shots}-1-instructions`);
  await frame.getByRole('button', { name: 'Get started' }).click();
  await step(frame, 'microphone').or(step(frame, 'share')).waitFor();
  if (opts.voice === false && (await step(frame, 'microphone').isVisible())) {
    await frame.getByRole('button', { name: 'Continue without sound' }).click();
  } else if (await step(frame, 'microphone').isVisible()) {
    await frame.getByRole('checkbox', { name: 'Record my voice' }).check();
    await frame.getByRole('meter', { name: 'Microphone level' }).waitFor();
    await frame.getByRole('button', { name: 'Continue', exact: true }).click();
  }
  await step(frame, 'share').waitFor();
  await frame.getByRole('button', { name: 'Share my screen' }).click();
  await passCountdown(frame);
  await step(frame, 'recording').waitFor({ timeout: 20_000 });
}

/** Stop → preview → Looks good → (details) → done. */
export async function stopAndSend(frame: Frame | Page, opts: { whileSubmitting?: () => Promise<void> } = {}): Promise<void> {
  await frame.getByRole('button', { name: 'Stop recording' }).click();
  await step(frame, 'preview').waitFor({ timeout: 20_000 });
  await frame.getByRole('button', { name: 'Looks good' }).click();
  await sendFromPreviewed(frame, opts);
}

export async function sendFromPreviewed(frame: Frame | Page, opts: { whileSubmitting?: () => Promise<void> } = {}): Promise<void> {
  await step(frame, 'details').or(step(frame, 'submit')).or(step(frame, 'done')).waitFor();
  if (await step(frame, 'details').isVisible()) await frame.getByRole('button', { name: 'Send recording' }).click();
  await opts.whileSubmitting?.();
  await step(frame, 'done').waitFor({ timeout: 90_000 });
}

interface DebugHook {
  keeping?: string;
  spoolSha256(): Promise<string | undefined>;
  spooledBytes(): Promise<number>;
}

/** What the recorder (opened with ?debug=1) holds: where it keeps the recording, and its bytes' sha256. */
export async function spooledIn(frame: Frame | Page): Promise<{ keeping?: string; sha256: string; bytes: number }> {
  return frame.evaluate(async () => {
    const d = (window as unknown as { __recorderDebug: DebugHook }).__recorderDebug;
    return { keeping: d.keeping, sha256: (await d.spoolSha256())!, bytes: await d.spooledBytes() };
  });
}

export const keepingIn = (frame: Frame | Page) => frame.evaluate(() => (window as unknown as { __recorderDebug?: DebugHook }).__recorderDebug?.keeping);

/** Recordings the SDK keeps in the host page's own IndexedDB (the host spool). */
export async function hostSpoolRows(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const r = indexedDB.open('showback-spool', 1);
        r.onupgradeneeded = () => (r.result.createObjectStore('r', { keyPath: 'id' }), r.result.createObjectStore('c'));
        r.onerror = () => reject(r.error);
        r.onsuccess = () => {
          const count = r.result.transaction('r').objectStore('r').count();
          count.onsuccess = () => (r.result.close(), resolve(count.result));
        };
      }),
  );
}
