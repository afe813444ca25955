import { describe, expect, it } from 'vitest';
import { checkLines, checkReference } from '../../src/summary/citations.ts';
import type { SummaryMaterial } from '../../src/summary/summary-material.ts';

const material: SummaryMaterial = {
  note: null,
  environment: {},
  durationMs: 60_000,
  events: [
    { kind: 'navigation', t: -4000, url: 'https://shop.example/', trigger: 'push' },
    { kind: 'network', t: 5500, transport: 'fetch', method: 'POST', url: 'https://shop.example/api/save', status: 500, duration_ms: 90 },
    { kind: 'console', t: 5000, level: 'error', message: 'boom' },
  ],
  transcriptAt: null,
  segments: [{ start_ms: 20_000, end_ms: 24_000, text: 'it broke', words: [], confidence: null, unsure: false, edited: false }],
};

describe('summary citations', () => {
  it('accept real events and times near speech or activity, and nothing else', () => {
    expect(checkReference(material, 'E1')).toEqual({ type: 'request', event: 1, t_ms: 5500, method: 'POST', url: 'https://shop.example/api/save', status: 500 });
    expect(checkReference(material, '[E2]')).toEqual({ type: 'console', event: 2, t_ms: 5000, level: 'error', message: 'boom' });
    expect(checkReference(material, 'E0')).toBeUndefined(); // a navigation is no evidence of a failure
    expect(checkReference(material, 'E9')).toBeUndefined();
    expect(checkReference(material, '00:22')).toEqual({ type: 'time', t_ms: 22_000 });
    expect(checkReference(material, '0:06')).toEqual({ type: 'time', t_ms: 6000 });
    expect(checkReference(material, '00:40')).toBeUndefined(); // nothing said or done then
    expect(checkReference(material, '05:00')).toBeUndefined(); // after the end
    expect(checkReference(material, 'see the logs')).toBeUndefined();
  });

  it('keep lines with at least one real citation, without bracketed references in their text', () => {
    expect(checkLines(material, [
      { text: 'Saving failed [E1] [E77].', cite: ['E1', 'E77'] },
      { text: 'Made up.', cite: ['E77'] },
      { text: 'No evidence.', cite: [] },
    ])).toEqual([{ text: 'Saving failed.', citations: [checkReference(material, 'E1')] }]);
  });
});
