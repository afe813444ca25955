// The recorder in real headless Chromium against the built product (`npm run build -w recorder && npm run build -w api`
// first). Part 1: a 60 s recording at 1280x720, Stop → upload complete / submission created / MP4 ready while the
// upload streams during the recording, against the naive baseline measured in the same run (the same file uploaded
// whole only after Stop, then submitted). Part 2: the recorder page's JS heap during a long recording
// (BENCH_RECORDER_MINUTES, default 10), sampled every 30 s after a forced GC, beside the IndexedDB spool.
// `npm run bench -- recorder` runs only this file.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { submit as apiSubmit, submitBody, tusUpload } from '../api/test/support/fixtures/recording.ts';
import type { Submission } from '@showback/contract';
import { createRequest, download, signUpOwner, waitForProcessed, type Owner } from '../e2e/recording/owner.ts';
import { openRecorder, startRecording, stopRecording, submit, uploadComplete, uploadProgress } from '../e2e/recording/recorder-page.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { speechWav } from '../e2e/support/media.ts';
import { addMotion } from './support/screen-motion.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { CHUNK_SIZE } from '../recorder/src/upload/UploadController.ts';

const run = promisify(execFile);
const MINUTES = Number(process.env.BENCH_RECORDER_MINUTES ?? 10);
const SAMPLE_EVERY_MS = 30_000;
const POLL_MS = 100;
const MB = 1024 * 1024;

if (!(MINUTES > 0)) throw new Error(`BENCH_RECORDER_MINUTES must be a positive number, got ${process.env.BENCH_RECORDER_MINUTES}`);

const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number): string => (bytes / MB).toFixed(1);
const load = (): string => os.loadavg().map((l) => l.toFixed(2)).join(' ');

async function newestMtime(dir: string): Promise<number> {
  let newest = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, (await fs.stat(path.join(entry.parentPath, entry.name))).mtimeMs);
  }
  return newest;
}

/** A stale build measures old code: say so loudly (others may be mid-edit, so it warns instead of refusing). */
async function checkBuild(): Promise<void> {
  const server = await fs.stat('api/dist/server.js').catch(() => undefined);
  const recorder = await newestMtime('recorder/dist').catch(() => 0);
  if (!server || !recorder) throw new Error('no build: run `npm run build -w recorder && npm run build -w api` first');
  const sources = Math.max(await newestMtime('api/src'), await newestMtime('contract/src'));
  if (sources > server.mtimeMs || (await newestMtime('recorder/src')) > recorder) {
    console.warn('warning: the build is older than the sources; run `npm run build -w recorder && npm run build -w api` for current figures');
  }
}

async function newContext(browser: Browser, server: RunningServer, width: number, height: number): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.grantPermissions(['microphone'], { origin: server.url });
  return context;
}

const submissionCreated = (page: Page) =>
  page.waitForResponse((r) => r.request().method() === 'POST' && /\/api\/v1\/public\/requests\/[^/]+\/submissions$/.test(new URL(r.url()).pathname), {
    timeout: 600_000,
  });

interface StopFigures {
  bytes: number;
  leftAtStop: number;
  preview: number;
  uploaded: number;
  created: number;
  ready: number;
  id: string;
}

/**
 * GET /original races processing's take-in of the tus upload (seen: a 500 when the upload file went away between
 * the server finding and reading it); a second try finds the stored copy. Each failure is printed.
 */
async function fetchOriginal(owner: Owner, id: string, file: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await download(owner, `/api/v1/submissions/${id}/original`, file);
      return;
    } catch (err) {
      console.warn(`note: ${(err as Error).message} (attempt ${attempt})`);
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/**
 * Stop a running recording, accept the preview at once, and time each milestone from the Stop click. With
 * `keepOriginal`, the uploaded file is fetched from /original while processing runs (processing deletes it once the
 * MP4 is stored), so the baseline can send the very same bytes.
 */
async function stopAndSubmit(page: Page, owner: Owner, keepOriginal?: string): Promise<StopFigures> {
  const atStop = await uploadProgress(page);
  const complete = uploadComplete(page, 600_000).then((bytes) => ({ bytes, at: performance.now() }));
  const created = submissionCreated(page).then(async (res) => ({ id: ((await res.json()) as { id: string }).id, at: performance.now() }));
  const t0 = performance.now();
  await stopRecording(page);
  const preview = performance.now() - t0;
  const submitted = submit(page);
  const c = await created;
  const original = keepOriginal ? fetchOriginal(owner, c.id, keepOriginal) : undefined;
  const ready = await waitForProcessed(owner, c.id, 600_000, POLL_MS);
  const tReady = performance.now() - t0;
  if (ready.status !== 'ready') throw new Error(`processing ${ready.status}: ${ready.processing_error}`);
  const u = await complete;
  await submitted;
  await original;
  return { bytes: u.bytes, leftAtStop: u.bytes - atStop.confirmed, preview, uploaded: u.at - t0, created: c.at - t0, ready: tReady, id: c.id };
}

/** The naive way: nothing sent while recording, the whole file uploaded (one tus upload from node) after Stop. */
async function uploadAfterStop(server: RunningServer, owner: Owner, token: string, file: string, like: Pick<Submission, 'mime_type' | 'duration_ms'>): Promise<Omit<StopFigures, 'preview' | 'leftAtStop'>> {
  const t0 = performance.now();
  const uploadId = await tusUpload(server.url, file, { token, chunkSize: CHUNK_SIZE });
  const uploaded = performance.now() - t0;
  const res = await apiSubmit(server.url, token, submitBody(uploadId, { mime_type: like.mime_type, duration_ms: like.duration_ms, recipient: {} }));
  if (res.status !== 201) throw new Error(`baseline submit answered ${res.status}: ${await res.text()}`);
  const { id } = (await res.json()) as { id: string };
  const created = performance.now() - t0;
  const ready = await waitForProcessed(owner, id, 600_000, POLL_MS);
  const tReady = performance.now() - t0;
  if (ready.status !== 'ready') throw new Error(`baseline processing ${ready.status}: ${ready.processing_error}`);
  return { bytes: (await fs.stat(file)).size, uploaded, created, ready: tReady, id };
}

/**
 * One small clip through upload, submit and processing first, so neither measured run pays for a cold server
 * (first job, first ffmpeg start, cold page cache). Without it the streamed run, which goes first, came out slower.
 */
async function warmUp(server: RunningServer, owner: Owner, tmp: string): Promise<void> {
  const clip = path.join(tmp, 'warm-up.mp4');
  await run('ffmpeg', [
    '-hide_banner', '-loglevel', 'error', '-y',
    '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=30', '-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000',
    '-t', '2', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'libopus',
    '-movflags', 'frag_keyframe+empty_moov+default_base_moof', clip,
  ]);
  const request = await createRequest(owner, { title: 'Bench: warm-up' });
  const warm = await uploadAfterStop(server, owner, request.token, clip, { mime_type: 'video/mp4;codecs=avc1,opus', duration_ms: 2000 });
  console.log(`warm-up: a 2 s clip uploaded, submitted and processed in ${s(warm.ready)}`);
}

async function stopToReady(browser: Browser, server: RunningServer, owner: Owner, tmp: string): Promise<void> {
  console.log(`\n-- Stop → MP4 ready, 60 s recording of a 1280x720 tab with a moving strip (load average ${load()})`);
  const request = await createRequest(owner, { title: 'Bench: 60 s', microphone: 'required', fields: { name: 'off', email: 'off', note: 'off' } });
  const context = await newContext(browser, server, 1280, 720);
  const original = path.join(tmp, 'original.mp4');
  try {
    const page = await openRecorder(context, server.url, request.token);
    await addMotion(page);
    await startRecording(page);
    await page.getByRole('timer').filter({ hasText: /^1:00/ }).waitFor({ timeout: 120_000 });
    const streamed = await stopAndSubmit(page, owner, original);
    const ready = await waitForProcessed(owner, streamed.id);
    const kept = (await fs.stat(original)).size;
    if (kept !== streamed.bytes) throw new Error(`/original gave ${kept} bytes, the recorder uploaded ${streamed.bytes}`);
    console.log(
      `recorded: ${ready.width}x${ready.height}, ${((ready.duration_ms ?? 0) / 1000).toFixed(1)} s, ${ready.mime_type}, ${mb(streamed.bytes)} MB; ` +
        `MP4 ${mb(ready.size_bytes ?? 0)} MB${ready.watermarked ? ' (watermarked, so transcoded)' : ''}`,
    );
    console.log(`at Stop the server already held all but ${mb(streamed.leftAtStop)} MB`);
    console.log(
      `streamed while recording: Stop → preview ${s(streamed.preview)}, → upload complete ${s(streamed.uploaded)}, ` +
        `→ submission created ${s(streamed.created)}, → MP4 ready ${s(streamed.ready)}`,
    );
    await context.close();
    const naive = await uploadAfterStop(server, owner, request.token, original, ready);
    console.log(
      `baseline, the same file uploaded whole after Stop (node, loopback, ${CHUNK_SIZE / MB} MB PATCHes like the recorder; ` +
        `clock starts with the file complete, so it skips MediaRecorder's final flush): ` +
        `upload complete ${s(naive.uploaded)}, → submission created ${s(naive.created)}, → MP4 ready ${s(naive.ready)}`,
    );
    console.log(
      `streamed/baseline: Stop → upload complete ${(streamed.uploaded / naive.uploaded).toFixed(2)}, ` +
        `Stop → MP4 ready ${(streamed.ready / naive.ready).toFixed(2)}; bytes left to send at Stop ${(streamed.leftAtStop / naive.bytes).toFixed(3)}`,
    );
    // Loopback moves the whole file in well under a second, hiding what streaming is for; over a real uplink the
    // bytes still to send after Stop dominate. Computed, not measured:
    for (const mbit of [10, 50]) {
      const secs = (bytes: number): string => `${((bytes * 8) / (mbit * 1e6)).toFixed(1)} s`;
      console.log(`computed at a ${mbit} Mbit/s uplink: sending after Stop takes ${secs(streamed.leftAtStop)} streamed vs ${secs(naive.bytes)} naive`);
    }
  } finally {
    await context.close();
  }
}

interface Sample {
  minute: number;
  heap: number;
  backing: number;
  idb: number;
  spooled: number;
  confirmed: number;
}

async function sample(cdp: CDPSession, page: Page, minute: number): Promise<Sample> {
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const usage = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  const idb = await page.evaluate(async () => {
    const e = (await navigator.storage.estimate()) as StorageEstimate & { usageDetails?: { indexedDB?: number } };
    return e.usageDetails?.indexedDB ?? e.usage ?? 0;
  });
  const progress = await uploadProgress(page);
  const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? usage.usedSize;
  return { minute, heap, backing: usage.backingStorageSize ?? NaN, idb, spooled: progress.spooled, confirmed: progress.confirmed };
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const num = points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0);
  const den = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

async function heapDuringLongRecording(browser: Browser, server: RunningServer, owner: Owner): Promise<void> {
  // The recorder has no quality setting (it asks for up to 1920x1080 at 30 fps); a tab is captured at its viewport size.
  console.log(`\n-- JS heap during a ${MINUTES}-minute recording of a 640x360 tab with a moving strip (load average ${load()})`);
  const request = await createRequest(owner, {
    title: `Bench: ${MINUTES} min`,
    microphone: 'required',
    fields: { name: 'off', email: 'off', note: 'off' },
    max_duration_seconds: Math.max(900, Math.ceil(MINUTES * 60) + 120),
  });
  const context = await newContext(browser, server, 640, 360);
  try {
    const page = await openRecorder(context, server.url, request.token);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await addMotion(page);
    await startRecording(page);
    const started = performance.now();
    const samples: Sample[] = [];
    console.log('minute  JS heap MB  ArrayBuffers MB  IndexedDB MB  spooled MB  uploaded MB');
    for (let k = 0; k * SAMPLE_EVERY_MS <= MINUTES * 60_000; k++) {
      const wait = started + k * SAMPLE_EVERY_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const x = await sample(cdp, page, (performance.now() - started) / 60_000);
      samples.push(x);
      console.log(
        [x.minute.toFixed(2).padStart(6), mb(x.heap).padStart(10), mb(x.backing).padStart(16), mb(x.idb).padStart(13), mb(x.spooled).padStart(11), mb(x.confirmed).padStart(12)].join('  '),
      );
    }
    const fitted = samples.filter((x) => x.minute >= 1 - 1e-3);
    const points = (fitted.length >= 2 ? fitted : samples).map((x): [number, number] => [x.minute, x.heap / MB]);
    const first = samples[0]!;
    const last = samples.at(-1)!;
    console.log(
      `JS heap: ${mb(first.heap)} MB at ${first.minute.toFixed(2)} min → ${mb(last.heap)} MB at ${last.minute.toFixed(2)} min; ` +
        `slope ${slope(points).toFixed(3)} MB/min (least squares over minutes ${points[0]![0].toFixed(1)}–${points.at(-1)![0].toFixed(1)})`,
    );
    const spoolSlope = slope(samples.map((x) => [x.minute, x.spooled / MB]));
    console.log(`recorded bytes grow ${spoolSlope.toFixed(2)} MB/min; heap growth per recorded MB: ${(slope(points) / spoolSlope).toFixed(4)}`);
    const long = await stopAndSubmit(page, owner);
    const after = await sample(cdp, page, (performance.now() - started) / 60_000);
    console.log(
      `after Stop and submit: JS heap ${mb(after.heap)} MB, IndexedDB ${mb(after.idb)} MB (the spool is deleted once the server confirms the submission)`,
    );
    const ready = await waitForProcessed(owner, long.id);
    console.log(
      `${MINUTES}-minute recording: ${ready.width}x${ready.height}, ${mb(long.bytes)} MB; at Stop ${mb(long.leftAtStop)} MB left to send; ` +
        `Stop → upload complete ${s(long.uploaded)}, → submission created ${s(long.created)}, → MP4 ready ${s(long.ready)}`,
    );
  } finally {
    await context.close();
  }
}

await checkBuild();
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-recorder-'));
let server: RunningServer | undefined;
let browser: Browser | undefined;
try {
  const wav = await speechWav(tmp);
  server = await startServer();
  browser = await launchBrowser({ screenCapture: true, microphoneWav: wav });
  const owner = await signUpOwner(server.url, 'Bench Co');
  await warmUp(server, owner, tmp);
  await stopToReady(browser, server, owner, tmp);
  await heapDuringLongRecording(browser, server, owner);
  console.log(`\nload average at the end: ${load()}`);
} catch (err) {
  console.error(`server log:\n${server?.output().slice(-4000) ?? ''}`);
  throw err;
} finally {
  await browser?.close();
  await server?.stop();
  await fs.rm(tmp, { recursive: true, force: true });
}
