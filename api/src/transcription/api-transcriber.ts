import type OpenAI from 'openai';
import { toFile } from 'openai';
import type { TranscriptionSegment, TranscriptionVerbose } from 'openai/resources/audio/transcriptions';
import type { TranscriptSegment, TranscriptWord } from '@showback/contract';
import { chunkAsWav, type AudioChunk } from './audio-chunks.ts';
import { groupWords, segmentOf } from './segments.ts';

const ms = (seconds: number): number => Math.max(0, Math.round(seconds * 1000));

/**
 * The average log-probability of the segment's tokens, as a probability. Whisper itself distrusts a segment below
 * -1 (0.37), under UNSURE_BELOW here too. Servers that leave it out give no confidence.
 */
function segmentConfidence(segment: TranscriptionSegment): number | null {
  return typeof segment.avg_logprob === 'number' ? Math.exp(segment.avg_logprob) : null;
}

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
        return { ...segmentOf(inside, segment.text, segmentConfidence(segment)), start_ms: start, end_ms: end };
      });
  }
  if (words.length > 0) return groupWords(words);
  const text = response.text.trim();
  return text ? [{ ...segmentOf([], text), end_ms: chunkDurationMs }] : [];
}

/**
 * One chunk through POST {base}/audio/transcriptions as a WAV upload; chunk-local times. `language`: ISO 639-1 (the
 * API's `language`, "de", "pt", "zh"), so the service does not guess it from a few seconds of audio; undefined: it
 * guesses.
 */
export async function recognizeWithApi(client: OpenAI, model: string, chunk: AudioChunk, index: number, language: string | undefined): Promise<TranscriptSegment[]> {
  const response = await client.audio.transcriptions.create({
    file: await toFile(await chunkAsWav(chunk), `chunk-${String(index).padStart(4, '0')}.wav`, { type: 'audio/wav' }),
    model,
    ...(language ? { language } : {}),
    response_format: 'verbose_json',
    timestamp_granularities: ['word', 'segment'],
  });
  return segmentsFromVerbose(response, chunk.durationMs);
}
