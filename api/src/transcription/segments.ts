import { UNSURE_BELOW, type TranscriptSegment, type TranscriptWord } from '@showback/contract';

/** A pause this long between two words starts a new segment (a caption cue, a line of the transcript panel). */
const PAUSE_MS = 700;
/** Two caption lines of about 42 characters. */
const MAX_SEGMENT_CHARS = 84;

/** Words → segments: split at pauses, after sentence ends and before a cue grows past two caption lines. */
export function groupWords(words: TranscriptWord[]): TranscriptSegment[] {
  const segments: TranscriptSegment[] = [];
  let current: TranscriptWord[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    segments.push(segmentOf(current));
    current = [];
  };
  for (const word of words) {
    const previous = current.at(-1);
    if (previous) {
      const length = current.reduce((sum, w) => sum + w.text.length + 1, 0) + word.text.length;
      if (word.start_ms - previous.end_ms >= PAUSE_MS || /[.?!]$/.test(previous.text) || length > MAX_SEGMENT_CHARS) flush();
    }
    current.push(word);
  }
  flush();
  return segments;
}

/** The mean of the words' confidences, when the recogniser gave one for every word. */
function meanConfidence(words: TranscriptWord[]): number | null {
  if (words.length === 0 || words.some((w) => w.confidence === undefined)) return null;
  return words.reduce((sum, w) => sum + w.confidence!, 0) / words.length;
}

/** A segment of recognised words; `confidence` defaults to the mean of the words'. */
export function segmentOf(words: TranscriptWord[], text = words.map((w) => w.text).join(' '), confidence = meanConfidence(words)): TranscriptSegment {
  const rounded = confidence === null ? null : Math.round(Math.min(1, Math.max(0, confidence)) * 1000) / 1000;
  return {
    start_ms: words[0]?.start_ms ?? 0,
    end_ms: words.at(-1)?.end_ms ?? 0,
    text: text.trim(),
    words,
    confidence: rounded,
    unsure: rounded !== null && rounded < UNSURE_BELOW,
    edited: false,
  };
}

/** Moves a chunk's segments onto the recording's clock. */
export function shiftSegments(segments: TranscriptSegment[], offsetMs: number): TranscriptSegment[] {
  const shift = (ms: number): number => Math.max(0, Math.round(ms + offsetMs));
  return segments.map((segment) => ({
    ...segment,
    start_ms: shift(segment.start_ms),
    end_ms: shift(segment.end_ms),
    words: segment.words.map((word) => ({ ...word, start_ms: shift(word.start_ms), end_ms: shift(word.end_ms) })),
  }));
}
