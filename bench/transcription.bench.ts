// Transcription with the embedded engine (pocketsphinx), against the built product (`npm run build` first).
// Part 1: word error rate at each stage of the path from the customer's microphone to the transcript, on a corpus of
// 22 flite sentences (two voices, in a quiet room and with sox brown noise 25 dB under the speech throughout the take,
// SNR_DB) played as Chromium's fake microphone, against the direct-recogniser baseline (each sentence's 16 kHz WAV
// straight into the recogniser, same noise) measured in the same run. Every stage goes through the product's own
// extraction and recogniser (speech spans: one utterance per stretch of speech).
// Stages: the take as one file; what getUserMedia captures with the recorder's constraints (PCM, before any codec);
// the track the recorder uploaded (Opus); the stored MP4 (AAC); the product's transcript (16 kHz extract, chunks);
// and the MP4 cut into 10 s chunks. Target: the product's transcript ≤ 15 % WER. Also the real-time factor.
// Part 2: MP4 ready → transcript ready for a 60 s recording through the real jobs (target ≤ 0.5 × its length).
// `npm run bench -- transcription` runs only this file; BENCH_TRANSCRIPTION_PART=1 or 2 runs one part.
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import type { Transcript } from '@showback/contract';
import { loadConfig, type Config } from '../api/src/config.ts';
import { extractAudioChunks, type AudioChunk } from '../api/src/transcription/audio-chunks.ts';
import { recognizeWithPocketsphinx } from '../api/src/transcription/pocketsphinx.ts';
import { signUp } from '../api/test/support/auth.ts';
import { createRequest as apiCreateRequest, submit as apiSubmit, submitBody, tusUpload, waitForProcessing } from '../api/test/support/fixtures/recording.ts';
import { speechVideo } from '../api/test/support/fixtures/speech.ts';
import { startTestApp } from '../api/test/support/test-app.ts';
import { createRequest, download, signUpOwner, waitForProcessed, type Owner } from '../e2e/recording/owner.ts';
import { openRecorder, startRecording, stopRecording, submit } from '../e2e/recording/recorder-page.ts';
import { launchBrowser } from '../e2e/support/browser.ts';
import { startServer, type RunningServer } from '../e2e/support/server.ts';
import { MICROPHONE_CONSTRAINTS } from '../recorder/src/capture/microphone.ts';
import { editDistance, SENTENCES, sentenceWav, takes, takeWav, words, type Take } from './support/speech-corpus.ts';

const run = promisify(execFile);
const PART = process.env.BENCH_TRANSCRIPTION_PART ?? 'all';
/** Silence before the first sentence: the microphone is open on the recorder's microphone step and countdown. */
const LEAD_SECONDS = 10;

const config: Config['transcription'] = loadConfig({}).transcription;
const pct = (errors: number, total: number): string => `${((errors / Math.max(1, total)) * 100).toFixed(1)} %`;

/**
 * Many files through the product's extraction and recogniser in one pocketsphinx run (the model loads once: on a
 * loaded machine 50 separate runs took longer than the recordings). Answers each file's words and the run's time.
 */
async function recogniseAll(files: { file: string; chunkSeconds: number }[], dir: string): Promise<{ texts: string[]; ms: number }> {
  const work = await fs.mkdtemp(path.join(dir, 'batch-'));
  const all = path.join(work, 'all');
  await fs.mkdir(all);
  const owners: number[] = [];
  const chunks: AudioChunk[] = [];
  for (const [i, { file, chunkSeconds }] of files.entries()) {
    const own = path.join(work, String(i));
    await fs.mkdir(own);
    for (const chunk of await extractAudioChunks('ffmpeg', file, own, chunkSeconds)) {
      if (chunk.silent || chunk.durationMs === 0) continue;
      const moved = path.join(all, `f${i}-${path.basename(chunk.file)}`);
      await fs.rename(chunk.file, moved);
      chunks.push({ ...chunk, file: moved });
      owners.push(i);
    }
  }
  const started = performance.now();
  const words = await recognizeWithPocketsphinx({ binary: config.pocketsphinxPath, modelDir: config.modelDir }, chunks, work);
  const ms = performance.now() - started;
  const texts = files.map(() => [] as string[]);
  words.forEach((chunkWords, c) => texts[owners[c]!]!.push(...chunkWords.map((w) => w.text)));
  await fs.rm(work, { recursive: true, force: true });
  return { texts: texts.map((t) => t.join(' ')), ms };
}

async function seconds(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]);
  return Number(stdout.trim());
}

/**
 * The fake microphone through getUserMedia with the recorder's constraints, kept as PCM (no codec) for `ms`, on a
 * blank page of a loopback server of its own (the product's responses forbid the microphone outside the recorder).
 */
async function captureRaw(browser: Browser, ms: number, file: string): Promise<void> {
  const blank = http.createServer((_req, res) => res.end('<!doctype html><title>capture</title>')).listen(0, '127.0.0.1');
  await once(blank, 'listening');
  const origin = `http://127.0.0.1:${(blank.address() as AddressInfo).port}`;
  const context = await browser.newContext();
  await context.grantPermissions(['microphone'], { origin });
  const page = await context.newPage();
  await page.goto(origin);
  const base64 = await page.evaluate(
    async ({ constraints, ms }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: constraints, video: false });
      const recorder = new MediaRecorder(stream, { mimeType: 'audio/webm;codecs=pcm' });
      const parts: Blob[] = [];
      recorder.ondataavailable = (e) => parts.push(e.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(1000);
      await new Promise((resolve) => setTimeout(resolve, ms));
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((t) => t.stop());
      const bytes = new Uint8Array(await new Blob(parts).arrayBuffer());
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { constraints: MICROPHONE_CONSTRAINTS, ms },
  );
  await fs.writeFile(file, Buffer.from(base64, 'base64'));
  await context.close();
  blank.close();
}

async function recorderSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').first().textContent()) ?? '';
  const [m, s] = (/(\d+):(\d{2})/.exec(text) ?? []).slice(1).map(Number);
  return (m ?? 0) * 60 + (s ?? 0);
}

/**
 * The take recorded through a /r/ link as a customer does; answers the submission's id once its MP4 is ready, and the
 * uploaded file when it could be downloaded before processing replaced it with the MP4 (undefined when the job was
 * quicker: the caller records the take again).
 */
async function recordThroughProduct(browser: Browser, server: RunningServer, owner: Owner, take: Take, recordSeconds: number, dir: string): Promise<{ id: string; uploaded: string | undefined }> {
  const request = await createRequest(owner, { title: `Bench: ${take.name}`, microphone: 'required', fields: { name: 'off', email: 'off', note: 'off' } });
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  await context.grantPermissions(['microphone'], { origin: server.url });
  const page = await openRecorder(context, server.url, request.token);
  await startRecording(page);
  while ((await recorderSeconds(page)) < recordSeconds) await page.waitForTimeout(250);
  await stopRecording(page);
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && /\/public\/requests\/[^/]+\/submissions$/.test(new URL(r.url()).pathname), { timeout: 120_000 });
  const submitted = submit(page);
  const { id } = (await (await created).json()) as { id: string };
  const file = path.join(dir, `${take.name}-uploaded`);
  const uploaded = await download(owner, `/api/v1/submissions/${id}/original`, file).then(
    () => file,
    () => undefined,
  );
  await submitted;
  const processed = await waitForProcessed(owner, id, 600_000);
  if (processed.status !== 'ready') throw new Error(`processing ${processed.status}`);
  await context.close();
  return { id, uploaded };
}

async function productTranscript(owner: Owner, id: string): Promise<Transcript> {
  for (const deadline = Date.now() + 600_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
    const transcript = (await (await fetch(`${owner.url}/api/v1/submissions/${id}/transcript`, { headers: owner.headers })).json()) as Transcript;
    if (transcript.status !== 'pending' && transcript.status !== 'processing') return transcript;
  }
  throw new Error('no transcript within 10 minutes');
}

const STAGES = ['direct 16 kHz WAV per sentence (baseline)', 'source take, one file', 'captured by getUserMedia (PCM)', 'uploaded track (Opus)', 'stored MP4 (AAC)', 'product transcript (API)', 'MP4 in 10 s chunks'] as const;
type Stage = (typeof STAGES)[number];

async function werPerStage(dir: string): Promise<void> {
  console.log(`-- word error rate per stage: ${SENTENCES.length} sentences in ${takes().length} takes (load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  /** What each stage heard of each take, recognised together at the end (the product's own transcript aside). */
  const jobs: { take: number; stage: Stage; file: string; chunkSeconds: number }[] = [];
  const productHeard: string[] = [];
  const server = await startServer();
  try {
    const owner = await signUpOwner(server.url);
    for (const [t, take] of takes().entries()) {
      const clean: string[] = [];
      for (const [i, sentence] of take.sentences.entries()) {
        const wav = await sentenceWav(dir, `${take.name}-${i}`, sentence, take.voice, take.noisy);
        clean.push(wav.clean);
        jobs.push({ take: t, stage: STAGES[0], file: wav.heard, chunkSeconds: config.chunkSeconds });
      }
      const source = await takeWav(dir, take, clean, LEAD_SECONDS);
      jobs.push({ take: t, stage: STAGES[1], file: source.file, chunkSeconds: config.chunkSeconds });
      const browser = await launchBrowser({ screenCapture: true, microphoneWav: `${source.file}%noloop` });
      try {
        const captured = path.join(dir, `${take.name}-captured.webm`);
        await captureRaw(browser, source.seconds * 1000, captured);
        jobs.push({ take: t, stage: STAGES[2], file: captured, chunkSeconds: config.chunkSeconds });
        // The recording stops once the file has surely played out (it started LEAD_SECONDS minus the steps before).
        let recorded = await recordThroughProduct(browser, server, owner, take, Math.ceil(source.seconds - LEAD_SECONDS + 3), dir);
        for (let attempt = 2; !recorded.uploaded; attempt++) {
          if (attempt > 3) throw new Error(`${take.name}: processing took the upload in before it could be downloaded, three times`);
          recorded = await recordThroughProduct(browser, server, owner, take, Math.ceil(source.seconds - LEAD_SECONDS + 3), dir);
        }
        const { id, uploaded } = recorded;
        jobs.push({ take: t, stage: STAGES[3], file: uploaded!, chunkSeconds: config.chunkSeconds });
        const mp4 = path.join(dir, `${take.name}.mp4`);
        await download(owner, `/api/v1/submissions/${id}/video`, mp4);
        jobs.push({ take: t, stage: STAGES[4], file: mp4, chunkSeconds: config.chunkSeconds });
        jobs.push({ take: t, stage: STAGES[6], file: mp4, chunkSeconds: 10 });
        productHeard[t] = (await productTranscript(owner, id)).segments.map((s) => s.text).join(' ');
        console.log(`  ${take.name}: recorded; the product heard: ${productHeard[t]}`);
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.stop();
  }

  // Three recogniser runs: the direct sentences and the MP4s alone (their times are the real-time factors), the rest.
  const direct = jobs.filter((job) => job.stage === STAGES[0]);
  const mp4s = jobs.filter((job) => job.stage === STAGES[4]);
  const rest = jobs.filter((job) => job.stage !== STAGES[0] && job.stage !== STAGES[4]);
  const baselineRun = await recogniseAll(direct, dir);
  const mp4Run = await recogniseAll(mp4s, dir);
  const restRun = await recogniseAll(rest, dir);
  const heard = new Map<string, string>();
  const texts = [...baselineRun.texts, ...mp4Run.texts, ...restRun.texts];
  [...direct, ...mp4s, ...rest].forEach((job, i) => heard.set(`${job.take}/${job.stage}`, `${heard.get(`${job.take}/${job.stage}`) ?? ''} ${texts[i]}`));
  takes().forEach((_, t) => heard.set(`${t}/${STAGES[5]}`, productHeard[t] ?? ''));
  const audioOf = async (list: typeof jobs): Promise<number> => (await Promise.all(list.map((j) => seconds(j.file)))).reduce((a, b) => a + b, 0);
  const directAudio = await audioOf(direct);
  const mp4Audio = await audioOf(mp4s);

  let referenceWords = 0;
  const errors = new Map<Stage, number>(STAGES.map((s) => [s, 0]));
  for (const [t, take] of takes().entries()) {
    const reference = words(take.sentences.join(' '));
    referenceWords += reference.length;
    const row = STAGES.map((stage) => {
      const distance = editDistance(reference, words(heard.get(`${t}/${stage}`) ?? ''));
      errors.set(stage, errors.get(stage)! + distance);
      return pct(distance, reference.length).padStart(7);
    });
    console.log(`  ${take.name.padEnd(11)} ${row.join(' ')}`);
  }
  console.log(`  columns: ${STAGES.join(' | ')}`);
  const baseline = errors.get(STAGES[0])!;
  for (const stage of STAGES) {
    const e = errors.get(stage)!;
    console.log(`  ${stage.padEnd(44)} WER ${pct(e, referenceWords).padStart(7)} (${e}/${referenceWords} words) = ${(e / Math.max(1, baseline)).toFixed(2)} × baseline`);
  }
  console.log(`  product transcript WER ${pct(errors.get(STAGES[5])!, referenceWords)} (target ≤ 15 %)`);
  console.log(
    `  real-time factor: direct baseline ${(baselineRun.ms / 1000 / directAudio).toFixed(3)} (${(baselineRun.ms / 1000).toFixed(1)} s for ${directAudio.toFixed(1)} s of sentences in one run); ` +
      `stored MP4s ${(mp4Run.ms / 1000 / mp4Audio).toFixed(3)} (${(mp4Run.ms / 1000).toFixed(1)} s for ${mp4Audio.toFixed(1)} s of recordings in one run)`,
  );
}

/** 60 s recording: six sentences ten seconds apart, through the processing and transcription jobs. */
async function readyToTranscript(): Promise<void> {
  const video = await speechVideo(SENTENCES.slice(0, 6).map((text, i) => ({ atSeconds: 1 + i * 10, text })), 60);
  const t = await startTestApp();
  try {
    const owner = await signUp(t);
    const request = await apiCreateRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, video, { token: request.token, chunkSize: 8 * 1024 * 1024 });
    const { id } = (await (await apiSubmit(t.url, request.token, submitBody(uploadId))).json()) as { id: string };
    const processed = await waitForProcessing(t.url, owner, id, 600_000);
    const readyAt = performance.now();
    if (processed.status !== 'ready') throw new Error(`processing ${String(processed.status)}`);
    let transcript: Transcript;
    for (;;) {
      transcript = (await (await fetch(`${t.url}/api/v1/submissions/${id}/transcript`, { headers: owner.headers })).json()) as Transcript;
      if (transcript.status !== 'pending' && transcript.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const elapsed = (performance.now() - readyAt) / 1000;
    const heard = transcript.segments.map((s) => s.text).join(' ');
    const reference = words(SENTENCES.slice(0, 6).join(' '));
    console.log(`-- 60 s recording: MP4 ready → transcript ${transcript.status} in ${elapsed.toFixed(1)} s = ${(elapsed / 60).toFixed(2)} × its length (target ≤ 0.5); WER ${pct(editDistance(reference, words(heard)), reference.length)}, ${transcript.segments.length} segments`);
  } finally {
    await t.close();
  }
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-transcription-'));
try {
  if (PART !== '2') await werPerStage(dir);
  if (PART !== '1') await readyToTranscript();
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
