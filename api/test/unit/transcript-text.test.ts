import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@showback/contract';
import { toPlainText, toWebVtt } from '../../src/transcription/captions.ts';
import { parseCtmLine } from '../../src/transcription/pocketsphinx.ts';
import { groupWords, shiftSegments } from '../../src/transcription/segments.ts';

describe('pocketsphinx -ctm lines', () => {
  it('give word times in ms and the word\'s confidence, drop sentence markers, silence and fillers, and fold alternate pronunciations', () => {
    expect(parseCtmLine('chunk-0001 1 3.18 0.18 when 0.639')).toEqual({ utterance: 'chunk-0001', word: { start_ms: 3180, end_ms: 3360, text: 'when', confidence: 0.639 } });
    expect(parseCtmLine('chunk-0001 1 7.42 0.37 on(2) 1.000')?.word).toEqual({ start_ms: 7420, end_ms: 7790, text: 'on', confidence: 1 });
    for (const marker of ['<s>', '</s>', '<sil>', '[NOISE]', '++UH++']) expect(parseCtmLine(`c 1 0.00 0.10 ${marker} 0.9`)).toBeUndefined();
    expect(parseCtmLine('')).toBeUndefined();
  });
});

describe('segments', () => {
  const word = (text: string, start: number, end: number, confidence = 0.9) => ({ text, start_ms: start, end_ms: end, confidence });

  it('split at pauses of 0.7 s and after sentence ends, and move onto the recording clock', () => {
    const segments = groupWords([word('the', 0, 200), word('page', 200, 500), word('broke.', 500, 900), word('again', 950, 1200), word('later', 2000, 2300)]);
    expect(segments.map((s) => s.text)).toEqual(['the page broke.', 'again', 'later']);
    expect(shiftSegments(segments, 300_000)[2]).toEqual({ start_ms: 302_000, end_ms: 302_300, text: 'later', words: [word('later', 302_000, 302_300)], confidence: 0.9, unsure: false, edited: false });
  });

  it('are as sure as their words on average, and unsure below one half', () => {
    const [sure, unsure] = groupWords([word('the', 0, 200, 1), word('page', 200, 500, 0.2), word('mumble', 2000, 2300, 0.3), word('grumble', 2300, 2600, 0.6)]);
    expect(sure).toMatchObject({ text: 'the page', confidence: 0.6, unsure: false });
    expect(unsure).toMatchObject({ text: 'mumble grumble', confidence: 0.45, unsure: true });
    // A recogniser that gives no confidence: not unsure.
    expect(groupWords([{ text: 'hi', start_ms: 0, end_ms: 100 }])[0]).toMatchObject({ confidence: null, unsure: false });
  });
});

describe('captions and text', () => {
  const segments: TranscriptSegment[] = [
    { start_ms: 1500, end_ms: 3250, text: 'the <b> & tag', words: [], confidence: null, unsure: false, edited: false },
    { start_ms: 3_725_000, end_ms: 3_726_000, text: 'an hour in', words: [], confidence: null, unsure: false, edited: false },
  ];

  it('write WebVTT cues with escaped text and hour-long times', () => {
    expect(toWebVtt(segments)).toBe('WEBVTT\n\n1\n00:00:01.500 --> 00:00:03.250\nthe &lt;b&gt; &amp; tag\n\n2\n01:02:05.000 --> 01:02:06.000\nan hour in\n');
  });

  it('write one [mm:ss] line per segment', () => {
    expect(toPlainText(segments)).toBe('[00:01] the <b> & tag\n[01:02:05] an hour in\n');
  });
});
