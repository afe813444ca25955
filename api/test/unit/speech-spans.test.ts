import { describe, expect, it } from 'vitest';
import { FRAME_SAMPLES, speechSpans } from '../../src/transcription/speech-spans.ts';

/** 16 kHz PCM: pieces of `ms` milliseconds, each a 200 Hz tone of `amplitude` over a hiss of `noise` (the piece's own, else the steady one). */
function pcm(pieces: { ms: number; amplitude: number; noise?: number }[], steadyNoise: number): Buffer {
  const samples: number[] = [];
  let seed = 1;
  const hiss = (noise: number): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return (seed / 2 ** 31 - 0.5) * 2 * noise;
  };
  for (const { ms, amplitude, noise = steadyNoise } of pieces) {
    for (let i = 0; i < (ms * 16_000) / 1000; i++) samples.push(Math.round(amplitude * Math.sin((2 * Math.PI * 200 * samples.length) / 16_000) + hiss(noise)));
  }
  const buffer = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => buffer.writeInt16LE(Math.max(-32768, Math.min(32767, s)), i * 2));
  return buffer;
}

const frames = (ms: number): number => (ms * 16_000) / 1000 / FRAME_SAMPLES;

describe('speech spans (where the recogniser gets an utterance)', () => {
  it('cut at pauses of 300 ms or more, padded by 200 ms, above the background of a noisy microphone', () => {
    const audio = pcm(
      [
        { ms: 1000, amplitude: 0 },
        { ms: 1500, amplitude: 3000 }, // a sentence
        { ms: 200, amplitude: 0 }, // a breath: same utterance
        { ms: 800, amplitude: 3000 },
        { ms: 1500, amplitude: 0 }, // a pause between sentences
        { ms: 1000, amplitude: 3000 },
        { ms: 1000, amplitude: 0 },
      ],
      300, // about 25 dB below the speech
    );
    expect(speechSpans(audio)).toEqual([
      { start: frames(1000 - 200), end: frames(1000 + 2500 + 200) },
      { start: frames(5000 - 200), end: frames(6000 + 200) },
    ]);
  });

  it('ignore clicks and find nothing in silence; a pause shorter than both paddings joins the utterances', () => {
    expect(speechSpans(pcm([{ ms: 2000, amplitude: 0 }], 0))).toEqual([]);
    expect(speechSpans(pcm([{ ms: 1000, amplitude: 0 }, { ms: 50, amplitude: 8000 }, { ms: 1000, amplitude: 0 }], 50))).toEqual([]);
    expect(speechSpans(pcm([{ ms: 1000, amplitude: 0 }, { ms: 500, amplitude: 3000 }, { ms: 350, amplitude: 0 }, { ms: 500, amplitude: 3000 }, { ms: 1000, amplitude: 0 }], 100))).toEqual([
      { start: frames(800), end: frames(2550) },
    ]);
  });

  it('leave out room tone and a breath far under the speech, though the silence after the speech is quieter still', () => {
    // Chromium's noise suppression: the room at first (55 dB under the speech), turned down after it.
    const audio = pcm(
      [
        { ms: 2000, amplitude: 0, noise: 30 },
        { ms: 2000, amplitude: 16000, noise: 30 },
        { ms: 1000, amplitude: 0 },
        { ms: 300, amplitude: 0, noise: 200 }, // a breath, 40 dB under the speech
        { ms: 1000, amplitude: 0 },
      ],
      2,
    );
    expect(speechSpans(audio)).toEqual([{ start: frames(2000 - 200), end: frames(4000 + 200) }]);
  });
});
