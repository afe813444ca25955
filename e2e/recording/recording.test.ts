import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ffprobe, filesOfSize, loopedCorrelation, loudnessEnvelope, rms, sha256File, speechWav } from '../support/media.ts';
import { layoutShifts, watchLayoutShifts } from '../support/layout-shift.ts';
import { startStallingProxy } from '../support/stalling-proxy.ts';
import { useBrowser, useServer } from '../support/product.ts';
import type { RunningServer } from '../support/server.ts';
import { createRequest, download, listSubmissions, revokeRequest, signUpOwner, waitForProcessed, type Owner } from './owner.ts';
import { confirmedBytes, openRecorder, shot, spooled, spooledMoreThan, startRecording, step, stopRecording, submit } from './recorder-page.ts';

let server: RunningServer;
let owner: Owner;
let tmp: string;
let wav: string;

const chromium = useBrowser(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-recording-'));
  wav = await speechWav(tmp);
  return { screenCapture: true, microphoneWav: wav };
});

afterAll(async () => {
  if (tmp) await fs.rm(tmp, { recursive: true, force: true });
});

/** A server of its own per block; `env` e.g. WORKERS=false keeps uploads unprocessed for byte comparison. */
function withServer(env: Record<string, string> = {}): void {
  const running = useServer(env);
  beforeAll(async () => {
    server = running.server;
    owner = await signUpOwner(server.url, 'Analytical Engines');
  });
}

async function newContext(width: number, height: number): Promise<BrowserContext> {
  const context = chromium.own(await chromium.browser.newContext({ viewport: { width, height } }));
  await context.grantPermissions(['microphone'], { origin: server.url });
  return context;
}

async function onlySubmissionId(requestId: string): Promise<string> {
  const list = await listSubmissions(owner, requestId);
  expect(list.items).toHaveLength(1);
  return list.items[0]!.id;
}

/** The server stored exactly the bytes the recorder spooled (whatever its storage layout). */
async function expectStoredOriginal(expected: { sha256: string; bytes: number }): Promise<void> {
  const candidates = await filesOfSize(server.dataDir, expected.bytes);
  const hashes = await Promise.all(candidates.map(sha256File));
  expect(hashes).toContain(expected.sha256);
}

describe('recorder at /r/<token>', () => {
  withServer();

  it('paints the first step whole on a phone: nothing moves (CLS ≤ 0.02 under Lighthouse\'s mobile throttling)', async () => {
    const request = await createRequest(owner, {
      title: 'Nothing moves',
      instructions: '<p>Open the <strong>checkout</strong> page.</p><ul><li>Add two items</li><li>Click <em>Pay</em></li></ul><p>Then tell us what you expected.</p>',
    });
    // Lighthouse's mobile profile: a 412×823 phone, slow 4G (150 ms, 1.6 Mbit/s down), a CPU four times slower.
    const context = await newContext(412, 823);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await watchLayoutShifts(page);
    await page.goto(`${server.url}/r/${request.token}`);
    await page.getByText('Then tell us what you expected.').waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Get started' }).waitFor();
    const { cls, shifts } = await layoutShifts(page);
    console.log('CLS of /r/<token> on a throttled phone:', cls, shifts);
    expect(cls, shifts.join('\n')).toBeLessThanOrEqual(0.02);
    await shot(page, 'first-step-phone');
  });

  it('records 5 s of screen and speech, submits, and the owner downloads an H.264/AAC MP4 as long as the recorder measured, with the voice in it', async () => {
    const request = await createRequest(owner, {
      title: 'Show us the checkout bug',
      instructions: '<p>Open the <strong>checkout</strong> page and click <em>Pay</em>.</p><script>window.__xss = 1</script><ul><li>Talk us through it</li></ul>',
      microphone: 'required',
      fields: { name: 'optional', email: 'optional', note: 'off' },
    });
    const context = await newContext(1280, 720);
    const page = await openRecorder(context, server.url, request.token);
    await startRecording(page, { screenshots: true });
    await page.getByRole('timer').filter({ hasText: '0:02' }).waitFor();
    await shot(page, '5-recording');
    await page.getByRole('timer').filter({ hasText: '0:05' }).waitFor();
    await stopRecording(page);
    // The screenshot shows the player with the recording loaded, not an empty frame.
    await page.waitForFunction(() => (document.querySelector<HTMLVideoElement>('[data-step="preview"] video')?.readyState ?? 0) >= HTMLMediaElement.HAVE_CURRENT_DATA);
    await shot(page, '6-preview');
    // Record again asks first, in the recorder's own dialog; keeping the recording (Escape) changes nothing.
    await page.getByRole('button', { name: 'Record again' }).click();
    const ask = page.getByRole('dialog', { name: 'Throw this recording away?' });
    await ask.getByRole('button', { name: 'Keep it' }).waitFor();
    await shot(page, '6-rerecord-confirm');
    await page.keyboard.press('Escape');
    await ask.waitFor({ state: 'hidden' });
    await step(page, 'preview').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    const local = await spooled(page);
    await submit(page, { screenshots: true, name: 'Grace Hopper' });

    const id = await onlySubmissionId(request.id);
    const done = await waitForProcessed(owner, id);
    expect(done.status).toBe('ready');
    expect(done.recipient_name).toBe('Grace Hopper');
    expect(done.environment).toMatchObject({ browser: 'Chrome', viewport: '1280x720', language: expect.any(String), time_zone: expect.any(String) });
    expect(done.download_url).toBeTruthy();
    const mp4 = path.join(tmp, 'happy.mp4');
    await download(owner, done.download_url!, mp4);
    const probe = await ffprobe(mp4);
    console.log(`client duration ${done.duration_ms} ms, MP4 ${probe.format.duration} s`, JSON.stringify(probe.streams.map((x) => [x.codec_type, (x as { duration?: string }).duration])));
    expect(probe.streams.find((s) => s.codec_type === 'video')?.codec_name).toBe('h264');
    expect(probe.streams.find((s) => s.codec_type === 'audio')?.codec_name).toBe('aac');
    // The length the recorder measured (its own clock, from start to stop) is what the video lasts, however long the
    // test took to press Stop.
    expect(done.duration_ms).toBeGreaterThanOrEqual(5000);
    expect(Math.abs(Number(probe.format.duration) - done.duration_ms! / 1000)).toBeLessThan(0.25);
    const recorded = await loudnessEnvelope(mp4);
    const source = await loudnessEnvelope(wav);
    expect(rms(recorded)).toBeGreaterThan(0.01);
    const correlation = loopedCorrelation(recorded, source);
    console.log(`audio envelope correlation with the source speech: ${correlation.toFixed(3)}`);
    expect(correlation).toBeGreaterThan(0.8);
    expect(done.size_bytes).toBeGreaterThan(0);
    expect(local.bytes).toBeGreaterThan(0);
  });

  it('shows a clear page for unknown, revoked and expired links', async () => {
    const context = await newContext(360, 640);
    const unknown = await openRecorder(context, server.url, 'A'.repeat(32));
    await unknown.getByRole('heading', { name: 'We could not find this recording link' }).waitFor();
    await shot(unknown, 'link-unknown');

    const revoked = await createRequest(owner, { title: 'Revoked' });
    await revokeRequest(owner, revoked.id);
    const r = await openRecorder(context, server.url, revoked.token);
    await r.getByRole('heading', { name: 'This recording link is no longer active' }).waitFor();

    // A past expiry is refused at creation: this one expires two seconds from now.
    const expiresAt = Date.now() + 2000;
    const expired = await createRequest(owner, { title: 'Expired', expires_at: new Date(expiresAt).toISOString() });
    await new Promise((r) => setTimeout(r, Math.max(0, expiresAt - Date.now() + 100)));
    const e = await openRecorder(context, server.url, expired.token);
    await e.getByRole('heading', { name: 'This recording link has expired' }).waitFor();
    await shot(e, 'link-expired');
  });
});

// Processing replaces the original with the MP4, so these run without workers: the upload the server holds is then
// exactly what arrived over tus, and must equal what the recorder spooled.
describe('an upload that loses nothing', () => {
  withServer({ WORKERS: 'false' });

  it('loses nothing when the network drops mid-upload and comes back (360 px wide)', async () => {
    const request = await createRequest(owner, { title: 'Network drop', microphone: 'optional', fields: { name: 'optional', email: 'off', note: 'off' } });
    const context = await newContext(360, 640);
    const page = await openRecorder(context, server.url, request.token);
    await startRecording(page, { screenshots: true });
    // Part of the recording reached the server; what is recorded offline is on the device only.
    await expect.poll(() => confirmedBytes(page), { timeout: 15_000 }).toBeGreaterThan(0);
    await shot(page, '5-recording');
    await context.setOffline(true);
    await spooledMoreThan(page, await confirmedBytes(page));
    await stopRecording(page);
    await shot(page, '6-preview');
    const local = await spooled(page);
    await submit(page, {
      screenshots: true,
      whileSubmitting: async () => {
        // Said within seconds of Send, not after the retries give up; cleared, with a word, once it is back.
        const lost = page.getByText('Connection lost — we’ll keep trying; don’t close this page', { exact: false });
        await lost.waitFor({ timeout: 5_000 });
        await shot(page, '8-submit-reconnecting');
        await context.setOffline(false);
        await page.getByText('Connection is back — sending your recording.').or(step(page, 'done')).first().waitFor({ timeout: 30_000 });
        expect(await lost.count()).toBe(0);
      },
    });
    await onlySubmissionId(request.id);
    await expectStoredOriginal(local);
  });

  it('says so when the server stops answering (a proxy that black-holes), offers a copy, resumes the upload once it answers, and sends a save that got no answer again', async () => {
    const request = await createRequest(owner, { title: 'Stalled network', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
    const proxy = await startStallingProxy(server.url);
    try {
      const context = await newContext(640, 480);
      const page = await openRecorder(context, proxy.url, request.token);
      await startRecording(page);
      // Part of the recording reaches the server through the proxy while recording.
      await expect.poll(() => confirmedBytes(page), { timeout: 15_000 }).toBeGreaterThan(0);
      proxy.stall();
      await expect.poll(() => proxy.requests.some((r) => r.swallowed), { timeout: 15_000 }).toBe(true);
      await stopRecording(page);
      const local = await spooled(page);
      const sentBefore = await confirmedBytes(page);
      expect(sentBefore).toBeLessThan(local.bytes);
      // The recorder's waits (STALL_MS = 20 s of silence, then 5 s before sending again) pass on the page's clock:
      // each jump comes once the request it is about has gone out, and every wait for what follows is shorter than
      // the real one, so a recorder that stopped watching its clock fails here instead of passing slowly.
      const silence = (ms: number) => page.clock.fastForward(ms);
      await submit(page, {
        whileSubmitting: async () => {
          // Nothing fails and the browser is online: only the silence tells, within STALL_MS of the request.
          const hung = page.getByText('No answer from the server for 20 seconds; still trying…', { exact: false });
          await silence(20_000);
          await hung.waitFor({ timeout: 10_000 });
          expect(await page.getByText('Connection lost', { exact: false }).count()).toBe(0);
          await shot(page, '8-submit-no-answer');
          // A copy on the customer's own disk, byte for byte the recording.
          const [copy] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Save a copy' }).click()]);
          const saved = path.join(tmp, copy.suggestedFilename());
          await copy.saveAs(saved);
          expect(copy.suggestedFilename()).toMatch(/^recording-.*\.(webm|mp4)$/);
          expect(await sha256File(saved)).toBe(local.sha256);
          // The upload goes through again; saving the submission still gets no answer.
          const isSave = (r: { method: string; path: string }) => r.method === 'POST' && r.path.endsWith('/submissions');
          proxy.stall(isSave);
          await silence(5_000);
          await page.getByText('Connection is back — sending your recording.').waitFor({ timeout: 10_000 });
          expect(await hung.count()).toBe(0);
          await expect.poll(() => proxy.requests.some((r) => isSave(r) && r.swallowed), { timeout: 15_000 }).toBe(true);
          await silence(20_000);
          await hung.waitFor({ timeout: 10_000 });
          expect(await page.getByRole('button', { name: 'Save a copy' }).count()).toBe(1);
          proxy.resume();
          // The save in flight is never answered: dropped after STALL_MS and sent again, through now.
          await silence(20_000);
          await page.getByText('Connection is back — sending your recording.').or(step(page, 'done')).first().waitFor({ timeout: 10_000 });
          expect(proxy.requests.filter((r) => isSave(r) && r.swallowed).length).toBeGreaterThan(0);
        },
      });
      await onlySubmissionId(request.id);
      await expectStoredOriginal(local);
      // Resumed, not restarted: one upload created; after the stall tus asked the server's offset (HEAD) and sent only
      // the rest from there.
      const tus = proxy.requests.filter((r) => r.path.startsWith('/uploads'));
      expect(tus.filter((r) => r.method === 'POST')).toHaveLength(1);
      const swallowed = tus.filter((r) => r.swallowed);
      expect(swallowed.length).toBeGreaterThan(0);
      const afterStall = tus.slice(tus.indexOf(swallowed[0]!)).filter((r) => !r.swallowed);
      expect(afterStall[0]?.method).toBe('HEAD');
      const patches = afterStall.filter((r) => r.method === 'PATCH');
      expect(patches.length).toBeGreaterThan(0);
      expect(patches[0]!.uploadOffset).toBeGreaterThanOrEqual(sentBefore);
      expect(patches[0]!.uploadOffset).toBeGreaterThan(0);
    } finally {
      await proxy.close();
    }
  });

  it('resumes after the tab dies mid-recording: a new tab offers the saved recording and sends every byte', async () => {
    const request = await createRequest(owner, { title: 'Crash', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
    const context = await newContext(640, 360);
    const first = await openRecorder(context, server.url, request.token);
    await startRecording(first);
    await expect.poll(() => confirmedBytes(first), { timeout: 15_000 }).toBeGreaterThan(0);
    // Offline for the last piece, so the server is behind the spool when the tab dies.
    await context.setOffline(true);
    const sentBeforeCrash = await confirmedBytes(first);
    await spooledMoreThan(first, sentBeforeCrash);
    await first.close({ runBeforeUnload: false });
    await context.setOffline(false);

    const page = await openRecorder(context, server.url, request.token);
    await step(page, 'resume').waitFor();
    await shot(page, 'resume');
    await page.getByRole('button', { name: 'Continue with this recording' }).click();
    await step(page, 'preview').waitFor();
    const local = await spooled(page);
    expect(local.bytes).toBeGreaterThan(sentBeforeCrash);
    await submit(page);
    await onlySubmissionId(request.id);
    await expectStoredOriginal(local);
    // Nothing left on the device once the server confirmed.
    const again = await openRecorder(context, server.url, request.token);
    await step(again, 'instructions').waitFor();
  });

  it('loses nothing when the API process is killed and restarted mid-upload', async () => {
    const request = await createRequest(owner, { title: 'Server restart', microphone: 'off', fields: { name: 'off', email: 'off', note: 'off' } });
    const context = await newContext(640, 360);
    const page = await openRecorder(context, server.url, request.token);
    await startRecording(page);
    await expect.poll(() => confirmedBytes(page), { timeout: 15_000 }).toBeGreaterThan(0);
    const beforeRestart = await confirmedBytes(page);
    await server.restart();
    // The upload goes on with the new process before the recording stops.
    await expect.poll(() => confirmedBytes(page), { timeout: 30_000 }).toBeGreaterThan(beforeRestart);
    await stopRecording(page);
    const local = await spooled(page);
    await submit(page);
    await onlySubmissionId(request.id);
    await expectStoredOriginal(local);
  });
});
