import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@showback/contract';
import { toPlainText, toWebVtt } from '../../src/transcription/captions.ts';
import { parseHypseg } from '../../src/transcription/pocketsphinx.ts';
import { groupWords, shiftSegments } from '../../src/transcription/segments.ts';

describe('pocketsphinx -hypseg lines', () => {
  it('gives word times in ms, drops sentence markers, silence and fillers, and folds alternate pronunciations', () => {
    const line = 'c1 S 0 T -100 A -90 L -10 0 -1 0 <s> 22 -5 -3 when 46 -6 -1 i 63 -5 -4 click 90 -1 -1 <sil> 98 -6 -6 on(2) 120 -1 -1 [NOISE] 130 -2 -2 </s> 140';
    expect(parseHypseg(line)).toEqual({
      utterance: 'c1',
      words: [
        { start_ms: 220, end_ms: 460, text: 'when' },
        { start_ms: 460, end_ms: 630, text: 'i' },
        { start_ms: 630, end_ms: 900, text: 'click' },
        { start_ms: 980, end_ms: 1200, text: 'on' },
      ],
    });
    expect(parseHypseg('silence S 0 T 0 A 0 L 0 68').words).toEqual([]);
  });
});

describe('segments', () => {
  const word = (text: string, start: number, end: number) => ({ text, start_ms: start, end_ms: end });

  it('split at pauses of 0.7 s and after sentence ends, and move onto the recording clock', () => {
    const segments = groupWords([word('the', 0, 200), word('page', 200, 500), word('broke.', 500, 900), word('again', 950, 1200), word('later', 2000, 2300)]);
    expect(segments.map((s) => s.text)).toEqual(['the page broke.', 'again', 'later']);
    expect(shiftSegments(segments, 300_000)[2]).toEqual({ start_ms: 302_000, end_ms: 302_300, text: 'later', words: [word('later', 302_000, 302_300)] });
  });
});

describe('captions and text', () => {
  const segments: TranscriptSegment[] = [
    { start_ms: 1500, end_ms: 3250, text: 'the <b> & tag', words: [] },
    { start_ms: 3_725_000, end_ms: 3_726_000, text: 'an hour in', words: [] },
  ];

  it('write WebVTT cues with escaped text and hour-long times', () => {
    expect(toWebVtt(segments)).toBe('WEBVTT\n\n1\n00:00:01.500 --> 00:00:03.250\nthe &lt;b&gt; &amp; tag\n\n2\n01:02:05.000 --> 01:02:06.000\nan hour in\n');
  });

  it('write one [mm:ss] line per segment', () => {
    expect(toPlainText(segments)).toBe('[00:01] the <b> & tag\n[01:02:05] an hour in\n');
  });
});
