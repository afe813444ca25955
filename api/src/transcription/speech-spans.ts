import { SAMPLE_RATE } from './audio-chunks.ts';

/** pocketsphinx's frame: 10 ms (its default -frate 100). Spans are counted in these frames. */
export const FRAME_SAMPLES = SAMPLE_RATE / 100;
/** A frame this far above the recording's background level is speech… */
const ABOVE_BACKGROUND_DB = 12;
/** …when it is also no further than this below the loudest speech (see speechSpans). */
const BELOW_LOUDEST_DB = 35;
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
 * tenth) by 12 dB and within 35 dB of its loudest 100 ms, split at pauses of 300 ms or more, padded by 200 ms. Each
 * becomes one utterance for the recogniser: its language model expects a sentence at a time, and a whole chunk as one
 * utterance ran sentences together ("…payment failed the checkout…" recognised as nonsense at the joins). An energy
 * detector rather than a library: the only voice-activity packages for Node are native WebRTC bindings that do not
 * build here, and the background level adapts to each customer's microphone where a fixed threshold would not.
 * The background alone let silence in through Chromium: its noise suppression passes the room for the first seconds
 * and then turns it down (measured: -60 dBFS before a sentence, -77 after), so the quietest tenth was the suppressed
 * part and the earlier room tone and any breath in it counted as speech, where the recogniser can hear words (a
 * breath alone came back as "if"). With the recorder's automatic gain control a sentence's loudest 100 ms was near
 * -5 dBFS, its words' 100 ms windows within 18 dB of that (the gaps between words fell to 34 dB under, too short to
 * end an utterance); room tone and breaths sat 40–55 dB under. The reference is the loudest 100 ms
 * (MIN_SPEECH_FRAMES frames), not the loudest frame, so that a click cannot set it. The cost: a voice 35 dB softer
 * than the loudest sound of its chunk (a shout, a cough) is left out.
 */
export function speechSpans(pcm: Buffer): Span[] {
  const levels = frameLevels(pcm);
  if (levels.length === 0) return [];
  const sorted = [...levels].sort((a, b) => a - b);
  const background = sorted[Math.floor(levels.length * 0.1)]!;
  const loudest = sorted[Math.max(0, levels.length - MIN_SPEECH_FRAMES)]!;
  const threshold = Math.max(background + ABOVE_BACKGROUND_DB, loudest - BELOW_LOUDEST_DB);
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
