// Transcription with the embedded engine (pocketsphinx): word error rate on flite sentences (target ≤ 15 %), its
// real-time factor, and MP4 ready → transcript ready for a 60 s recording through the real jobs on a test app
// (target ≤ 0.5 × the recording's length on one core).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Transcript } from '@showback/contract';
import { loadConfig } from '../api/src/config.ts';
import { transcribeFile } from '../api/src/transcription/transcribe.ts';
import { signUp } from '../api/test/support/auth.ts';
import { createRequest, submit, submitBody, tusUpload, waitForProcessing } from '../api/test/support/fixtures/recording.ts';
import { speechVideo } from '../api/test/support/fixtures/speech.ts';
import { startTestApp } from '../api/test/support/test-app.ts';

const SENTENCES = [
  'when I click the save button on the billing page nothing happens and I see an error that says payment failed',
  'the checkout page keeps loading and never shows my order',
  'I tried to upload a file but the progress bar stops at ninety percent',
  'after I sign in the dashboard is empty and my projects are gone',
  'the search box does not find any results even for names I know exist',
  'I changed my password and now the app says my session has expired',
  'clicking export opens a new tab that shows a blank page',
  'the invoice total is different from the price on the pricing page',
];

const words = (text: string): string[] => text.toLowerCase().replace(/[^a-z' ]/g, ' ').split(/\s+/).filter(Boolean);

/** Word-level edit distance (substitutions, insertions, deletions). */
function editDistance(reference: string[], hypothesis: string[]): number {
  let previous = Array.from({ length: hypothesis.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i++) {
    const current = [i];
    for (let j = 1; j <= hypothesis.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === hypothesis[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[hypothesis.length]!;
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-transcription-'));
const config = loadConfig({}).transcription;
try {
  let errors = 0;
  let referenceWords = 0;
  let audioSeconds = 0;
  let recogniseMs = 0;
  for (const [index, sentence] of SENTENCES.entries()) {
    const wav = path.join(dir, `s${index}.wav`);
    execFileSync('flite', ['-voice', 'slt', '-t', sentence, '-o', wav]);
    audioSeconds += Number(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', wav]).toString());
    const work = await fs.mkdtemp(path.join(dir, 'work-'));
    const started = performance.now();
    const outcome = await transcribeFile(config, 'ffmpeg', wav, work);
    recogniseMs += performance.now() - started;
    const heard = outcome.status === 'ready' ? outcome.segments.map((s) => s.text).join(' ') : '';
    const distance = editDistance(words(sentence), words(heard));
    errors += distance;
    referenceWords += words(sentence).length;
    console.log(`  ${distance === 0 ? 'exact' : `${distance} err`}: ${heard}`);
  }
  console.log(`word error rate on ${SENTENCES.length} flite (slt) sentences: ${((errors / referenceWords) * 100).toFixed(1)} % (${errors}/${referenceWords} words; target ≤ 15 %)`);
  console.log(`embedded engine real-time factor (ffmpeg + pocketsphinx per sentence): ${(recogniseMs / 1000 / audioSeconds).toFixed(3)} (${(recogniseMs / 1000).toFixed(1)} s for ${audioSeconds.toFixed(1)} s of audio)`);

  // 60 s recording: six sentences ten seconds apart, through the processing and transcription jobs.
  const video = await speechVideo(SENTENCES.slice(0, 6).map((text, i) => ({ atSeconds: 1 + i * 10, text })), 60);
  const t = await startTestApp();
  try {
    const owner = await signUp(t);
    const request = await createRequest(t.url, owner);
    const uploadId = await tusUpload(t.url, video, { token: request.token, chunkSize: 8 * 1024 * 1024 });
    const { id } = (await (await submit(t.url, request.token, submitBody(uploadId))).json()) as { id: string };
    const processed = await waitForProcessing(t.url, owner, id, 600_000);
    const readyAt = performance.now();
    if (processed.status !== 'ready') throw new Error(`processing ${String(processed.status)}`);
    let transcript: Transcript;
    for (;;) {
      transcript = (await (await fetch(`${t.url}/api/v1/submissions/${id}/transcript`, { headers: owner.headers })).json()) as Transcript;
      if (transcript.status !== 'pending' && transcript.status !== 'processing') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const seconds = (performance.now() - readyAt) / 1000;
    const heard = transcript.segments.map((s) => s.text).join(' ');
    const reference = SENTENCES.slice(0, 6).join(' ');
    console.log(`60 s recording: MP4 ready → transcript ${transcript.status} in ${seconds.toFixed(1)} s = ${(seconds / 60).toFixed(2)} × its length (target ≤ 0.5); WER ${((editDistance(words(reference), words(heard)) / words(reference).length) * 100).toFixed(1)} %, ${transcript.segments.length} segments`);
  } finally {
    await t.close();
  }
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}
