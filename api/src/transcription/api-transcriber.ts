import type OpenAI from 'openai';
import { toFile } from 'openai';
import type { TranscriptionVerbose } from 'openai/resources/audio/transcriptions';
import type { TranscriptSegment, TranscriptWord } from '@showback/contract';
import { chunkAsWav, type AudioChunk } from './audio-chunks.ts';
import { groupWords, segmentOf } from './segments.ts';

const ms = (seconds: number): number => Math.max(0, Math.round(seconds * 1000));

/**
 * verbose_json → segments. The endpoint's own segments are kept (their boundaries follow its sentences) with the
 * words that fall inside each; servers that send only words get them grouped here, and only text one segment.
 */
export function segmentsFromVerbose(response: TranscriptionVerbose, chunkDurationMs: number): TranscriptSegment[] {
  const words: TranscriptWord[] = (response.words ?? [])
    .map((word) => ({ start_ms: ms(word.start), end_ms: ms(word.end), text: word.word.trim() }))
    .filter((word) => word.text.length > 0);
  if (response.segments && response.segments.length > 0) {
    return response.segments
      .filter((segment) => segment.text.trim().length > 0)
      .map((segment) => {
        const start = ms(segment.start);
        const end = ms(segment.end);
        const inside = words.filter((word) => (word.start_ms + word.end_ms) / 2 >= start && (word.start_ms + word.end_ms) / 2 <= end);
        return { ...segmentOf(inside, segment.text), start_ms: start, end_ms: end };
      });
  }
  if (words.length > 0) return groupWords(words);
  const text = response.text.trim();
  return text ? [{ start_ms: 0, end_ms: chunkDurationMs, text, words: [] }] : [];
}

/** One chunk through POST {base}/audio/transcriptions as a WAV upload; chunk-local times. */
export async function recognizeWithApi(client: OpenAI, model: string, chunk: AudioChunk, index: number): Promise<TranscriptSegment[]> {
  const response = await client.audio.transcriptions.create({
    file: await toFile(await chunkAsWav(chunk), `chunk-${String(index).padStart(4, '0')}.wav`, { type: 'audio/wav' }),
    model,
    response_format: 'verbose_json',
    timestamp_granularities: ['word', 'segment'],
  });
  return segmentsFromVerbose(response, chunk.durationMs);
}
