import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Speech a microphone can "hear": flite's voice resampled to the 48 kHz mono 16-bit WAV Chromium's fake audio
 * capture needs (--use-file-for-fake-audio-capture). Chromium loops it.
 */
export async function speechWav(dir: string, text = 'Hello. When I click the save button, the page shows an error and my changes are gone. Please have a look.', voice = 'kal'): Promise<string> {
  const raw = path.join(dir, 'speech-raw.wav');
  const out = path.join(dir, 'speech48k.wav');
  // kal is flite's default; slt (16 kHz) is the voice pocketsphinx recognises best, for transcript scenarios.
  await run('flite', ['-voice', voice, '-t', text, '-o', raw]);
  await run('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', out]);
  return out;
}

export interface ProbeStream {
  codec_type: 'video' | 'audio' | string;
  codec_name: string;
  width?: number;
  height?: number;
}

export interface Probe {
  streams: ProbeStream[];
  format: { duration: string; format_name: string; size: string };
}

export async function ffprobe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', file]);
  return JSON.parse(stdout) as Probe;
}

const ENVELOPE_RATE = 16_000;

/** Loudness (RMS) of a file's first audio stream in windows of `windowMs`, from ffmpeg's decode to 16 kHz mono. */
export async function loudnessEnvelope(file: string, windowMs = 10): Promise<number[]> {
  const { stdout } = await run('ffmpeg', ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', String(ENVELOPE_RATE), '-f', 's16le', '-'], {
    encoding: 'buffer',
    maxBuffer: 256 * 1024 * 1024,
  });
  const samples = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.byteLength / 2));
  const win = Math.round((ENVELOPE_RATE * windowMs) / 1000);
  const env: number[] = [];
  for (let i = 0; i + win <= samples.length; i += win) {
    let sum = 0;
    for (let j = i; j < i + win; j++) sum += (samples[j]! / 32768) ** 2;
    env.push(Math.sqrt(sum / win));
  }
  return env;
}

export const rms = (env: number[]): number => Math.sqrt(env.reduce((a, v) => a + v * v, 0) / Math.max(1, env.length));

function pearson(a: number[], b: number[]): number {
  const n = a.length;
  const ma = a.reduce((s, v) => s + v, 0) / n;
  const mb = b.reduce((s, v) => s + v, 0) / n;
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < n; i++) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return da === 0 || db === 0 ? 0 : num / Math.sqrt(da * db);
}

/**
 * Best correlation between a recording's loudness envelope and the source's, over every start position in the
 * source. The fake microphone loops the source, so the recording may begin anywhere in it and wrap around.
 */
export function loopedCorrelation(recorded: number[], source: number[]): number {
  if (recorded.length === 0 || source.length === 0) return 0;
  let best = -1;
  for (let lag = 0; lag < source.length; lag++) {
    const window = recorded.map((_, i) => source[(lag + i) % source.length]!);
    best = Math.max(best, pearson(recorded, window));
  }
  return best;
}

export async function sha256File(file: string): Promise<string> {
  return crypto.createHash('sha256').update(await fs.readFile(file)).digest('hex');
}

/** Every file under `dir` of exactly `size` bytes (where a server keeps uploads, whatever its layout). */
export async function filesOfSize(dir: string, size: number): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if ((await fs.stat(full)).size === size) found.push(full);
  }
  return found;
}
