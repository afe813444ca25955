import { describe, expect, it } from 'vitest';
import { countMatches, currentSegmentIndex, splitMatches } from '../../src/features/recordings/transcript/transcriptModel.ts';

const segments = [
  { start_ms: 1000, end_ms: 3000, text: 'The Payment page', words: [], confidence: null, unsure: false, edited: false },
  { start_ms: 5000, end_ms: 6000, text: 'payment failed, payment', words: [], confidence: null, unsure: false, edited: false },
];

describe('transcript panel model', () => {
  it('knows the segment being spoken, and none in a pause', () => {
    expect(currentSegmentIndex(segments, 0.5)).toBe(-1);
    expect(currentSegmentIndex(segments, 2)).toBe(0);
    expect(currentSegmentIndex(segments, 4)).toBe(-1);
    expect(currentSegmentIndex(segments, 5.2)).toBe(1);
  });

  it('cuts text around matches, case-insensitively, and counts them', () => {
    expect(splitMatches('The Payment page', 'payment')).toEqual([
      { text: 'The ', match: false },
      { text: 'Payment', match: true },
      { text: ' page', match: false },
    ]);
    expect(splitMatches('no query', '  ')).toEqual([{ text: 'no query', match: false }]);
    expect(countMatches(segments, 'payment')).toBe(3);
  });
});
