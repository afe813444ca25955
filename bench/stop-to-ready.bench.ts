// Stop → MP4 ready for a 60 s 1280x720 recording made by the real recorder in headless Chromium against the built
// product (`npm run build -w recorder && npm run build -w api` first), median of 3: Stop → upload complete →
// submission created → MP4 ready, on loopback and with the page's uplink throttled to 5 Mbit/s (Chromium network
// emulation). The baseline leg is the design before issue 17 in the same run: a server with EARLY_PROCESSING=false (the
// whole file processed after the upload completes) and the recorder at Chromium's own bitrate (the page's MediaRecorder
// loses videoBitsPerSecond). A frame at 30 s of each leg's first recording goes side by side into
// docs/images/recorder-bitrate.png. `npm run bench -- stop-to-ready` runs only this file; BENCH_RUNS changes the
// number of runs per leg.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { createRequest, download, signUpOwner, waitForProcessed, type Owner } from '../e2e/recording/owner.ts';
import { openRecorder, startRecording, stopRecording, submit, uploadComplete, uploadProgress } from '../e2e/recording/recorder-page.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { speechWav } from '../e2e/support/media.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { addMotion } from './support/screen-motion.ts';

const run = promisify(execFile);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = 60;
const THROTTLED_BITS_PER_SECOND = 5_000_000;
const MB = 1024 * 1024;

const load = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' ');
const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Chromium's own choice of bitrate, as before the recorder asked for one. */
const WITHOUT_BITRATE = `(() => {
  const Original = window.MediaRecorder;
  window.MediaRecorder = class extends Original {
    constructor(stream, options) {
      super(stream, { ...options, videoBitsPerSecond: undefined });
    }
  };
})()`;

interface Leg {
  name: string;
  env: Record<string, string>;
  defaultBitrate: boolean;
  /** Where the first loopback recording's MP4 goes, for the frame comparison. */
  keepVideo: string;
}

interface Run {
  bytes: number;
  durationMs: number;
  leftAtStop: number;
  uploaded: number;
  created: number;
  ready: number;
}

const submissionCreated = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v1\/public\/requests\/[^/]+\/submissions$/.test(new URL(r.url()).pathname), {
    timeout: 600_000,
  });

async function record(browser: Browser, server: RunningServer, owner: Owner, leg: Leg, throttled: boolean, keepVideo?: string): Promise<Run> {
  const request = await createRequest(owner, { title: 'Bench: stop to ready', microphone: 'required', fields: { name: 'off', email: 'off', note: 'off' } });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['microphone'], { origin: server.url });
  if (leg.defaultBitrate) await context.addInitScript(WITHOUT_BITRATE);
  try {
    const page = await openRecorder(context, server.url, request.token);
    if (throttled) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: THROTTLED_BITS_PER_SECOND / 8 });
    }
    await addMotion(page);
    await startRecording(page);
    // Any minute-one reading: on a loaded machine a check can miss the second that shows 1:00.
    await page.getByRole('timer').filter({ hasText: /^1:\d\d/ }).waitFor({ timeout: 120_000 }).catch(async (err: unknown) => {
      await page.screenshot({ path: path.join(os.tmpdir(), 'stop-to-ready-failed.png') });
      throw err;
    });
    const atStop = await uploadProgress(page);
    const complete = uploadComplete(page, 600_000).then((bytes) => ({ bytes, at: performance.now() }));
    const created = submissionCreated(page).then(async (res) => ({ id: ((await res.json()) as { id: string }).id, at: performance.now() }));
    const t0 = performance.now();
    await stopRecording(page);
    const submitted = submit(page);
    const c = await created;
    const ready = await waitForProcessed(owner, c.id, 600_000, 50);
    const tReady = performance.now() - t0;
    if (ready.status !== 'ready') throw new Error(`processing ${ready.status}: ${ready.processing_error}`);
    const u = await complete;
    await submitted;
    if (keepVideo) await download(owner, `/api/v1/submissions/${c.id}/video`, keepVideo);
    return { bytes: u.bytes, durationMs: ready.duration_ms ?? 0, leftAtStop: u.bytes - atStop.confirmed, uploaded: u.at - t0, created: c.at - t0, ready: tReady };
  } finally {
    await context.close();
  }
}

async function measureLeg(browser: Browser, server: RunningServer, owner: Owner, leg: Leg, throttled: boolean): Promise<number> {
  const label = `${leg.name}, ${throttled ? `${THROTTLED_BITS_PER_SECOND / 1e6} Mbit/s up` : 'loopback'}`;
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await record(browser, server, owner, leg, throttled, i === 0 && !throttled ? leg.keepVideo : undefined);
    runs.push(r);
    console.log(
      `  ${label} run ${i + 1}: ${(r.bytes / MB).toFixed(1)} MB, ${((r.bytes * 8) / (r.durationMs / 1000) / 1e6).toFixed(2)} Mbit/s over ${s(r.durationMs)}, ` +
        `${(r.leftAtStop / MB).toFixed(2)} MB left at Stop; Stop → upload complete ${s(r.uploaded)}, → submission ${s(r.created)}, → MP4 ready ${s(r.ready)} (load ${load()})`,
    );
  }
  const m = (pick: (r: Run) => number): string => s(median(runs.map(pick)));
  console.log(`${label}, median of ${RUNS}: upload complete ${m((r) => r.uploaded)}, submission ${m((r) => r.created)}, MP4 ready ${m((r) => r.ready)}`);
  return median(runs.map((r) => r.ready));
}

/** Both network conditions against one server; a short recording first so no measured run pays for a cold server. */
async function measure(browser: Browser, leg: Leg): Promise<{ loopback: number; throttled: number }> {
  const server = await startServer(leg.env);
  try {
    const owner = await signUpOwner(server.url, 'Bench Co');
    const request = await createRequest(owner, { title: 'Bench: warm-up', microphone: 'required', fields: { name: 'off', email: 'off', note: 'off' } });
    const context = await browser.newContext({ viewport: { width: 640, height: 360 } });
    await context.grantPermissions(['microphone'], { origin: server.url });
    const page = await openRecorder(context, server.url, request.token);
    await startRecording(page);
    await page.waitForTimeout(3000);
    await stopRecording(page);
    await submit(page);
    await context.close();
    console.log(`\n-- ${leg.name} (load average ${load()})`);
    const loopback = await measureLeg(browser, server, owner, leg, false);
    const throttled = await measureLeg(browser, server, owner, leg, true);
    return { loopback, throttled };
  } catch (err) {
    console.error(`server log:\n${server.output().slice(-4000)}`);
    throw err;
  } finally {
    await server.stop();
  }
}

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-stop-'));
let browser: Browser | undefined;
try {
  browser = await launchBrowser({ screenCapture: true, microphoneWav: await speechWav(tmp) });
  console.log(`${RUNS} runs per leg, ${SECONDS} s recordings of a 1280x720 tab with a moving strip; cores ${os.cpus().length}, load average ${load()}`);
  const before: Leg = { name: 'baseline (Chromium bitrate, whole file processed after upload)', env: { EARLY_PROCESSING: 'false' }, defaultBitrate: true, keepVideo: path.join(tmp, 'before.mp4') };
  const now: Leg = { name: 'current design', env: {}, defaultBitrate: false, keepVideo: path.join(tmp, 'now.mp4') };
  const current = await measure(browser, now);
  const baseline = process.env.BENCH_BASELINE === 'off' ? undefined : await measure(browser, before);
  console.log(`\nStop → MP4 ready, median: loopback ${s(current.loopback)}, 5 Mbit/s up ${s(current.throttled)}`);
  if (baseline) {
    console.log(
      `baseline ${s(baseline.loopback)} / ${s(baseline.throttled)}; current/baseline ${(current.loopback / baseline.loopback).toFixed(2)} / ${(current.throttled / baseline.throttled).toFixed(2)}`,
    );
    const image = path.resolve('docs/images/recorder-bitrate.png');
    await fs.mkdir(path.dirname(image), { recursive: true });
    await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-ss', '30', '-i', before.keepVideo, '-ss', '30', '-i', now.keepVideo, '-filter_complex', 'hstack', '-frames:v', '1', image]);
    console.log(`frames at 30 s, Chromium's bitrate (left) and the recorder's (right): ${path.relative(process.cwd(), image)}`);
  }
  console.log(`load average at the end: ${load()}`);
} finally {
  await browser?.close();
  await fs.rm(tmp, { recursive: true, force: true });
}
