import { SAMPLE_RATE } from './audio-chunks.ts';

/** pocketsphinx's frame: 10 ms (its default -frate 100). Spans are counted in these frames. */
export const FRAME_SAMPLES = SAMPLE_RATE / 100;
/** A frame this far above the recording's background level is speech. */
const ABOVE_BACKGROUND_DB = 12;
/** A pause at least this long ends an utterance (a breath inside a sentence is shorter). */
const MIN_PAUSE_FRAMES = 30;
/** Kept around each utterance, so soft first and last sounds are not cut. */
const PAD_FRAMES = 20;
/** Shorter bursts are clicks and knocks, not words. */
const MIN_SPEECH_FRAMES = 10;

export interface Span {
  /** First frame of the utterance. */
  start: number;
  /** Frame after its last. */
  end: number;
}

function frameLevels(pcm: Buffer): number[] {
  const frames = Math.floor(pcm.length / 2 / FRAME_SAMPLES);
  const levels: number[] = [];
  for (let f = 0; f < frames; f++) {
    let energy = 0;
    for (let i = 0; i < FRAME_SAMPLES; i++) {
      const sample = pcm.readInt16LE((f * FRAME_SAMPLES + i) * 2);
      energy += sample * sample;
    }
    levels.push(10 * Math.log10(energy / FRAME_SAMPLES + 1));
  }
  return levels;
}

/**
 * Where someone speaks in a chunk of 16 kHz PCM: runs of frames louder than the chunk's background (its quietest
 * tenth) by 12 dB, split at pauses of 300 ms or more, padded by 200 ms. Each becomes one utterance for the
 * recogniser: its language model expects a sentence at a time, and a whole chunk as one utterance ran sentences
 * together ("…payment failed the checkout…" recognised as nonsense at the joins). An energy detector rather than a
 * library: the only voice-activity packages for Node are native WebRTC bindings that do not build here, and the
 * background level adapts to each customer's microphone where a fixed threshold would not.
 */
export function speechSpans(pcm: Buffer): Span[] {
  const levels = frameLevels(pcm);
  if (levels.length === 0) return [];
  const background = [...levels].sort((a, b) => a - b)[Math.floor(levels.length * 0.1)]!;
  const threshold = background + ABOVE_BACKGROUND_DB;
  const spans: Span[] = [];
  let start = -1;
  let quiet = 0;
  const close = (end: number): void => {
    if (end - start >= MIN_SPEECH_FRAMES) spans.push({ start: Math.max(0, start - PAD_FRAMES), end: Math.min(levels.length, end + PAD_FRAMES) });
    start = -1;
  };
  for (const [frame, level] of levels.entries()) {
    if (level >= threshold) {
      if (start < 0) start = frame;
      quiet = 0;
    } else if (start >= 0 && ++quiet >= MIN_PAUSE_FRAMES) {
      close(frame - quiet + 1);
    }
  }
  if (start >= 0) close(levels.length - quiet);
  // Padding may make neighbours overlap: one utterance then.
  return spans.reduce<Span[]>((merged, span) => {
    const last = merged.at(-1);
    if (last && span.start <= last.end) last.end = Math.max(last.end, span.end);
    else merged.push({ ...span });
    return merged;
  }, []);
}
