import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type http from 'node:http';
import type { Frame, Page } from 'puppeteer-core';
import type { WidgetSettings } from '@showback/contract';
import { startCrossSiteHost } from '../widget/host-page.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickButton, grabScreen, launchFirefox, screenshot, waitForStep, type FirefoxSession } from '../support/firefox.ts';
import { ffprobe } from '../support/media.ts';
import { useServer } from '../support/product.ts';
import { completeOnboarding, createRequest, download, listSubmissions, shareWithAnyone, signUpOwner, waitForProcessed, type Owner } from '../recording/owner.ts';
import { makeMp4, submitVideo } from '../review/submitVideo.ts';

// Firefox ESR, headful on its own Xvfb, recording the virtual screen for real: one Firefox for the file (it takes
// ~20 s to start), recordings of a few seconds.
const run = promisify(execFile);
const SHOTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../test-results/firefox');

const running = useServer();
let firefox: FirefoxSession;
let owner: Owner;
let tmp: string;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-firefox-test-'));
  [firefox, owner] = await Promise.all([launchFirefox(), signUpOwner(running.server.url, 'Analytical Engines')]);
});

afterAll(async () => {
  await firefox?.close();
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

async function openLink(token: string, setup?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await firefox.browser.newPage();
  page.on('dialog', (d) => void d.accept());
  await setup?.(page);
  await page.goto(`${running.server.url}/r/${token}`);
  return page;
}

/** Get started → microphone on or skipped → Share my screen → countdown → recording. */
async function startRecording(page: Page, voice: boolean, shots?: string): Promise<void> {
  await waitForStep(page, 'instructions');
  await clickButton(page, 'Get started');
  await waitForStep(page, 'microphone');
  if (voice) {
    await page.locator('::-p-aria([name="Record my voice"][role="checkbox"])').click();
    await page.waitForSelector('[role="meter"]', { visible: true });
    await clickButton(page, 'Continue');
  } else {
    await clickButton(page, 'Continue without sound');
  }
  await waitForStep(page, 'share');
  await clickButton(page, 'Share my screen');
  await waitForStep(page, 'recording', 30_000);
  if (shots) await screenshot(page, SHOTS, `${shots}-recording`);
}

/** Waits until the recorder's own clock shows `text` (m:ss). */
const clockAt = (page: Page, text: string, timeout = 30_000) =>
  page.waitForFunction((t) => document.querySelector('[role="timer"]')?.textContent?.startsWith(t), { timeout, polling: 100 }, text);

/** A real click on the "Stop Sharing" button of Firefox's sharing indicator (a window of its own), with xdotool. */
async function pressStopSharing(): Promise<void> {
  const env = { ...process.env, DISPLAY: firefox.screen.display };
  const { stdout } = await run('xdotool', ['search', '--sync', '--name', 'Sharing Indicator'], { env, timeout: 10_000 });
  const id = stdout.trim().split('\n')[0]!;
  const geometry = (await run('xdotool', ['getwindowgeometry', '--shell', id], { env })).stdout;
  const value = (key: string) => Number(new RegExp(`${key}=(\\d+)`).exec(geometry)![1]);
  // The button sits at the indicator's right end, before its menu button.
  await run('xdotool', ['mousemove', String(value('X') + value('WIDTH') - 70), String(value('Y') + Math.round(value('HEIGHT') / 2)), 'click', '1'], { env });
}

async function sendFromPreview(page: Page): Promise<void> {
  await clickButton(page, 'Looks good');
  await waitForStep(page, 'done', 90_000);
}

async function ownersMp4(requestId: string, name: string) {
  const list = await listSubmissions(owner, requestId);
  expect(list.items).toHaveLength(1);
  const done = await waitForProcessed(owner, list.items[0]!.id);
  expect(done.status).toBe('ready');
  expect(done.environment).toMatchObject({ browser: 'Firefox' });
  const file = path.join(tmp, `${name}.mp4`);
  await download(owner, done.download_url!, file);
  return { done, probe: await ffprobe(file) };
}

/** At least the 4 s waited for, and within half a second of what the recorder's own clock measured. */
function expectLength(seconds: number, clockMs: number | null): void {
  expect(clockMs).toBeGreaterThanOrEqual(4000);
  expect(Math.abs(seconds - clockMs! / 1000)).toBeLessThan(0.5);
}

describe('the link recorder in Firefox ESR', () => {
  it('records without a microphone, with a pause, in a browser without crypto.randomUUID and structuredClone; the owner gets an H.264 MP4 of the recorded length', async () => {
    const request = await createRequest(owner, { title: 'Firefox, no microphone', microphone: 'optional', fields: { name: 'off', email: 'off', note: 'off' } });
    // What Firefox < 95 (and Chrome < 92, Safari < 15.4) lack.
    const page = await openLink(request.token, (p) =>
      p.evaluateOnNewDocument(() => {
        delete (Crypto.prototype as { randomUUID?: unknown }).randomUUID;
        delete (globalThis as { structuredClone?: unknown }).structuredClone;
      }),
    );
    expect(await page.evaluate(() => typeof crypto.randomUUID + typeof structuredClone)).toBe('undefinedundefined');
    await startRecording(page, false, 'link-no-mic');
    await clockAt(page, '0:02');
    await clickButton(page, 'Pause');
    await page.waitForSelector('::-p-aria([name="Resume"][role="button"])');
    await new Promise((r) => setTimeout(r, 2000));
    await clickButton(page, 'Resume');
    await clockAt(page, '0:04');
    await clickButton(page, 'Stop recording');
    await waitForStep(page, 'preview');
    await page.waitForSelector('video', { visible: true });
    await screenshot(page, SHOTS, 'link-no-mic-preview');
    await sendFromPreview(page);
    await screenshot(page, SHOTS, 'link-no-mic-done');
    await page.close();

    const { done, probe } = await ownersMp4(request.id, 'no-mic');
    expect(done.mime_type).toMatch(/^video\/webm/);
    expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(probe.streams.some((s) => s.codec_type === 'audio')).toBe(false);
    // The length the recorder's clock showed (about 4 s): the 2 s paused are not in it.
    expectLength(Number(probe.format.duration), done.duration_ms);
  });

  it('records with the microphone: H.264/AAC at the end', async () => {
    const request = await createRequest(owner, { title: 'Firefox, microphone', microphone: 'optional', fields: { name: 'off', email: 'off', note: 'off' } });
    const page = await openLink(request.token);
    await startRecording(page, true, 'link-mic');
    await clockAt(page, '0:04');
    await clickButton(page, 'Stop recording');
    await waitForStep(page, 'preview');
    await sendFromPreview(page);
    await page.close();

    const { done, probe } = await ownersMp4(request.id, 'mic');
    expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    expectLength(Number(probe.format.duration), done.duration_ms);
  });

  it("stops when the customer presses Firefox's own Stop Sharing, and sends what was recorded", async () => {
    const request = await createRequest(owner, { title: 'Firefox, stop sharing', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
    const page = await openLink(request.token);
    await waitForStep(page, 'instructions');
    await clickButton(page, 'Get started');
    await waitForStep(page, 'share');
    await clickButton(page, 'Share my screen');
    await waitForStep(page, 'recording', 30_000);
    await clockAt(page, '0:03');
    await pressStopSharing();
    await waitForStep(page, 'preview');
    await page.waitForSelector('::-p-text(Screen sharing ended, so the recording stopped.)');
    await screenshot(page, SHOTS, 'stop-sharing');
    await sendFromPreview(page);
    await page.close();
    const { probe } = await ownersMp4(request.id, 'stop-sharing');
    expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(Number(probe.format.duration)).toBeGreaterThan(2.5);
  });

  it('a MediaRecorder that never gives data nor stops (the old format choice) is said in plain words, and nothing empty can be sent', async () => {
    const request = await createRequest(owner, { title: 'Firefox, silent recorder', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
    // The recorder before this fix asked for "vp8,opus" on a stream without audio: Firefox then fires `start` and
    // nothing else, ever. Forcing that type reproduces the real browser's silence.
    const page = await openLink(request.token, (p) =>
      p.evaluateOnNewDocument(() => {
        const Native = window.MediaRecorder;
        window.MediaRecorder = class extends Native {
          constructor(stream: MediaStream, options?: MediaRecorderOptions) {
            super(stream, { ...options, mimeType: 'video/webm;codecs=vp8,opus' });
          }
        } as typeof MediaRecorder;
      }),
    );
    await waitForStep(page, 'instructions');
    await clickButton(page, 'Get started');
    await waitForStep(page, 'share');
    await clickButton(page, 'Share my screen');
    await waitForStep(page, 'recording', 30_000);
    // No data within the watchdog's 6 s, then no `stop` within 5 s: the page says so instead of hanging.
    await page.waitForSelector('::-p-text(Nothing was recorded)', { timeout: 30_000 });
    await screenshot(page, SHOTS, 'silent-recorder');
    expect(await page.$('::-p-aria([name="Looks good"][role="button"])')).toBeNull();
    for (const offered of ['Try again', 'Record in a new tab', 'Upload a video instead']) {
      expect(await page.$(`::-p-aria([name="${offered}"][role="button"])`), offered).not.toBeNull();
    }
    await clickButton(page, 'Try again');
    await waitForStep(page, 'share');
    await page.close();
    expect((await listSubmissions(owner, request.id)).items).toHaveLength(0);
  });

  it('shows a shared recording to someone without an account: the player and the timeline', async () => {
    const request = await createRequest(owner, { title: 'Shared in Firefox' });
    const created = await submitVideo(running.server.url, request.token, await makeMp4(tmp, 3), { duration_ms: 3000, events: [{ kind: 'console', t: 1500, level: 'error', message: 'TypeError: shared in Firefox' }] });
    expect((await waitForProcessed(owner, created.id)).status).toBe('ready');
    const page = await firefox.browser.newPage();
    await page.goto(`${running.server.url}${await shareWithAnyone(owner, created.id)}`);
    await page.waitForSelector('::-p-aria([name="Shared in Firefox"][role="heading"])', { timeout: 20_000 });
    await page.waitForFunction(() => (document.querySelector('video')?.readyState ?? 0) >= 1, { timeout: 20_000 });
    await page.waitForSelector('[data-testid="timeline"] ::-p-text(shared in Firefox)', { timeout: 20_000 });
    await screenshot(page, SHOTS, 'shared-page');
    await page.close();
  });
});

describe('a customer who refuses to share the screen in Firefox ESR', () => {
  // A Firefox of its own that asks, as customers' Firefox does: "Allow … to see your screen?" with Block / Allow.
  let asking: FirefoxSession;
  beforeAll(async () => {
    asking = await launchFirefox({ prompts: true });
  });
  afterAll(async () => {
    await asking?.close();
  });

  const xdotool = (...args: string[]) => run('xdotool', args, { env: { ...process.env, DISPLAY: asking.screen.display }, timeout: 10_000 });
  const refusal = '::-p-text(Screen sharing was not allowed, so nothing was recorded.)';

  /**
   * Get started → Share my screen → Firefox's prompt stands (no refusal for two seconds; grabbed with the whole
   * screen) → Block, by its access key (Alt+B), as a keyboard user presses it → the page's refusal.
   */
  async function shareAndBlock(page: Page, shot: string): Promise<void> {
    await waitForStep(page, 'instructions');
    await clickButton(page, 'Get started');
    await waitForStep(page, 'share');
    await clickButton(page, 'Share my screen');
    await page.waitForSelector('::-p-text(Waiting for you to choose)', { visible: true });
    expect(await page.waitForSelector(refusal, { timeout: 2000 }).then(() => 'refused at once', () => 'asking')).toBe('asking');
    await grabScreen(asking.screen.display, path.join(SHOTS, `${shot}.png`));
    await pressKey('alt+b');
    await page.waitForSelector(refusal, { visible: true });
  }

  /** A key pressed in Firefox's window as a person would (Xvfb has no window manager to give it the focus). */
  async function pressKey(key: string): Promise<void> {
    const id = (await xdotool('search', '--name', 'Mozilla Firefox')).stdout.trim().split('\n')[0]!;
    await xdotool('windowfocus', id);
    await xdotool('key', key);
  }

  it('says so in plain words, offers to try again or upload a video, and sends nothing', async () => {
    const request = await createRequest(owner, { title: 'Firefox, refused', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
    const page = await asking.browser.newPage();
    await page.goto(`${running.server.url}/r/${request.token}`);
    await shareAndBlock(page, 'refused-prompt');
    await screenshot(page, SHOTS, 'refused');
    await waitForStep(page, 'share');
    for (const offered of ['Try again', 'Upload a video instead']) {
      expect(await page.$(`::-p-aria([name="${offered}"][role="button"])`), offered).not.toBeNull();
    }
    // Firefox keeps the Block for this tab and refuses again without asking, which is why the message says to
    // reload first; a reload (F5) makes it ask again.
    const first = (await page.$(refusal))!;
    await clickButton(page, 'Try again');
    await page.waitForSelector('::-p-text(Waiting for you to choose)', { hidden: true, timeout: 3000 });
    await page.waitForSelector(refusal, { visible: true });
    expect(await first.evaluate((el) => el.isConnected)).toBe(false); // a new refusal, not the first one still shown
    await pressKey('F5');
    await shareAndBlock(page, 'refused-prompt-after-reload');
    await clickButton(page, 'Upload a video instead');
    await waitForStep(page, 'file');
    await page.close();
    expect((await listSubmissions(owner, request.id)).items).toHaveLength(0);
  });
});

describe('the widget on another site in Firefox ESR (the recorder is a third-party frame)', () => {
  let examples: http.Server | undefined;
  let host: string;
  let key: string;
  beforeAll(async () => {
    ({ server: examples, origin: host } = await startCrossSiteHost());
    await completeOnboarding(owner);
    const res = await fetch(`${running.server.url}/api/v1/widget`, { method: 'PUT', headers: owner.headers, body: JSON.stringify({ allowed_origins: [host] }) });
    expect(res.status).toBe(200);
    key = ((await res.json()) as WidgetSettings).key!; // a first save sets the widget up
  });
  afterAll(async () => {
    await new Promise((r) => examples?.close(r));
  });

  /**
   * Puppeteer 24's waitForSelector over BiDi watches the document's mutations only, so a frame added later inside the
   * widget's shadow root is never seen: look again until it is there.
   */
  async function inShadow(page: Page, selector: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = await page.$(selector);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`${selector} did not appear within 20 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  const inFrame = (frame: Frame, name: string) => frame.locator(`::-p-aria([name="${name}"][role="button"])`).click();

  // With the microphone: the frame's delegated permission is what differs from the link; recording without one is the
  // link recorder's first test above.
  it.each([{ voice: true }])('records and sends with the microphone $voice', async ({ voice }) => {
    const page = await firefox.browser.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto(`${host}/plain/?host=${encodeURIComponent(running.server.url)}&key=${encodeURIComponent(key)}`);
    await page.locator('showback-launcher >>> button').click();
    const frame = (await (await inShadow(page, 'showback-modal >>> iframe')).contentFrame())!;
    await frame.waitForSelector('section[data-step="instructions"]', { visible: true, timeout: 20_000 });
    await inFrame(frame, 'Get started');
    await frame.waitForSelector('section[data-step="microphone"]', { visible: true });
    if (voice) {
      await frame.locator('::-p-aria([name="Record my voice"][role="checkbox"])').click();
      await frame.waitForSelector('[role="meter"]', { visible: true });
      await inFrame(frame, 'Continue');
    } else {
      await inFrame(frame, 'Continue without sound');
    }
    await frame.waitForSelector('section[data-step="share"]', { visible: true });
    await inFrame(frame, 'Share my screen');
    await frame.waitForSelector('section[data-step="recording"]', { visible: true, timeout: 30_000 });
    await new Promise((r) => setTimeout(r, 4500));
    await screenshot(page, SHOTS, `widget-${voice ? 'mic' : 'no-mic'}-recording`);
    await inFrame(frame, 'Stop recording');
    await frame.waitForSelector('section[data-step="preview"]', { visible: true, timeout: 30_000 });
    await inFrame(frame, 'Looks good');
    // The widget's request asks for details (optional): sent as they are.
    const next = await frame.waitForSelector('section[data-step="details"], section[data-step="done"]', { visible: true, timeout: 90_000 });
    if ((await next!.evaluate((el) => el.getAttribute('data-step'))) === 'details') await inFrame(frame, 'Send recording');
    await frame.waitForSelector('section[data-step="done"]', { visible: true, timeout: 90_000 });
    await page.close();

    const list = await fetch(`${running.server.url}/api/v1/submissions?source=widget`, { headers: owner.headers }).then((r) => r.json() as Promise<{ items: { id: string }[] }>);
    const done = await waitForProcessed(owner, list.items[0]!.id);
    expect(done).toMatchObject({ status: 'ready', source: 'widget' });
    const file = path.join(tmp, `widget-${voice}.mp4`);
    await download(owner, done.download_url!, file);
    const probe = await ffprobe(file);
    expect(probe.streams.map((x) => `${x.codec_type}:${x.codec_name}`).sort()).toEqual(voice ? ['audio:aac', 'video:h264'] : ['video:h264']);
    expectLength(Number(probe.format.duration), done.duration_ms);
  });
});
