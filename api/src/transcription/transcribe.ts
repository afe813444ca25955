import fs from 'node:fs/promises';
import path from 'node:path';
import type { TranscriptSegment } from '@showback/contract';
import type { Config } from '../config.ts';
import { extractAudioChunks } from './audio-chunks.ts';
import { openAiClient } from '../openai/openai-client.ts';
import { recognizeWithApi } from './api-transcriber.ts';
import { recognizeWithPocketsphinx } from './pocketsphinx.ts';
import { groupWords, shiftSegments } from './segments.ts';

export type TranscriptionOutcome =
  | { status: 'ready'; engine: string; segments: TranscriptSegment[] }
  | { status: 'no_speech'; engine: string | null; reason: 'no_audio' | 'silence' | 'unsupported_language' };

/** The embedded recogniser's one model (pocketsphinx-en-us): other languages come back as English-sounding nonsense. */
const EMBEDDED_LANGUAGE = 'en';

/**
 * A video file → transcript on the recording's clock. The audio is cut into chunks recognised one after another
 * (one recogniser process at a time) and stitched by their offsets. Silent chunks are skipped: nothing to send, and
 * recognisers tend to invent words in silence. `language`: what the recorder spoke to the customer (BCP 47, null
 * when unknown), the language they most likely speak: a service is told it, and the embedded engine, which knows
 * English only, says so rather than guess English words.
 */
export async function transcribeFile(config: Config['transcription'], ffmpegPath: string, input: string, workDir: string, language: string | null): Promise<TranscriptionOutcome> {
  const engine = config.api ? `api:${config.api.model}` : 'pocketsphinx';
  const spoken = language?.split('-')[0]?.toLowerCase();
  if (!config.api && spoken && spoken !== EMBEDDED_LANGUAGE) return { status: 'no_speech', engine, reason: 'unsupported_language' };
  const chunkDir = path.join(workDir, 'chunks');
  await fs.mkdir(chunkDir, { recursive: true });
  const chunks = (await extractAudioChunks(ffmpegPath, input, chunkDir, config.chunkSeconds)).filter((chunk) => !chunk.silent && chunk.durationMs > 0);
  if (chunks.length === 0) return { status: 'no_speech', engine, reason: 'silence' };

  let perChunk: TranscriptSegment[][];
  if (config.api) {
    const client = openAiClient(config.api);
    perChunk = [];
    for (const [index, chunk] of chunks.entries()) perChunk.push(await recognizeWithApi(client, config.api.model, chunk, index, spoken));
  } else {
    const words = await recognizeWithPocketsphinx({ binary: config.pocketsphinxPath, modelDir: config.modelDir }, chunks, workDir);
    perChunk = words.map(groupWords);
  }
  const segments = perChunk.flatMap((segments, index) => shiftSegments(segments, chunks[index]!.offsetMs));
  if (segments.length === 0) return { status: 'no_speech', engine, reason: 'silence' };
  return { status: 'ready', engine, segments };
}
