import fs from 'node:fs/promises';
import path from 'node:path';
import { runTool } from '../media/run-tool.ts';

/** What both recognisers read: 16 kHz mono signed 16-bit little-endian PCM, without a header. */
export const SAMPLE_RATE = 16_000;
const BYTES_PER_SECOND = SAMPLE_RATE * 2;

/** Below this peak (about -50 dBFS) a chunk is silence: recognisers would only invent words in it. */
const SILENCE_PEAK = 100;

export interface AudioChunk {
  file: string;
  /** Where the chunk starts on the recording's clock. */
  offsetMs: number;
  durationMs: number;
  silent: boolean;
}

function peakOf(pcm: Buffer): number {
  let peak = 0;
  for (let i = 0; i + 1 < pcm.length; i += 2) {
    const sample = Math.abs(pcm.readInt16LE(i));
    if (sample > peak) peak = sample;
  }
  return peak;
}

/**
 * The first audio track as speech-ready PCM, split into `chunkSeconds` pieces by one ffmpeg run. Offsets come from
 * the chunks' byte lengths (exact for PCM), so the stitched timeline does not drift over long recordings.
 */
export async function extractAudioChunks(ffmpegPath: string, input: string, dir: string, chunkSeconds: number): Promise<AudioChunk[]> {
  await runTool(ffmpegPath, [
    '-hide_banner', '-nostdin', '-y', '-i', input,
    '-map', '0:a:0', '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-c:a', 'pcm_s16le',
    '-f', 'segment', '-segment_time', String(chunkSeconds), '-segment_format', 's16le',
    path.join(dir, 'chunk-%04d.raw'),
  ], { timeoutMs: 30 * 60 * 1000 });
  const names = (await fs.readdir(dir)).filter((name) => /^chunk-\d{4}\.raw$/.test(name)).sort();
  const chunks: AudioChunk[] = [];
  let offsetBytes = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const pcm = await fs.readFile(file);
    chunks.push({
      file,
      offsetMs: Math.round((offsetBytes / BYTES_PER_SECOND) * 1000),
      durationMs: Math.round((pcm.length / BYTES_PER_SECOND) * 1000),
      silent: peakOf(pcm) < SILENCE_PEAK,
    });
    offsetBytes += pcm.length;
  }
  return chunks;
}

/** The chunk as a WAV file in memory (44-byte RIFF header + PCM), the format every transcription API accepts. */
export async function chunkAsWav(chunk: AudioChunk): Promise<Buffer> {
  const pcm = await fs.readFile(chunk.file);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(BYTES_PER_SECOND, 28);
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}
