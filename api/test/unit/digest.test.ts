import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '@showback/contract';
import { buildDigest } from '../../src/summary/digest.ts';
import type { SummaryMaterial } from '../../src/summary/summary-material.ts';
import { segmentOf } from '../../src/transcription/segments.ts';

/** A segment as pocketsphinx gives it: every word with the same confidence. */
function said(text: string, startMs: number, confidence: number): TranscriptSegment {
  const words = text.split(' ').map((word, i) => ({ text: word, start_ms: startMs + i * 300, end_ms: startMs + i * 300 + 250, confidence }));
  return segmentOf(words);
}

const request = (t: number, method: string, url: string, status: number) => ({ kind: 'network' as const, t, transport: 'fetch' as const, method, url, status, duration_ms: 80 });

/**
 * Two failing requests 20 s apart; the customer complains (clearly) right after the second, and says "error" in a
 * segment the recogniser was unsure of right after the first.
 */
const material: SummaryMaterial = {
  note: 'Paying does not work',
  environment: {},
  durationMs: 40_000,
  events: [
    { kind: 'navigation', t: -2000, url: 'https://shop.example/', trigger: 'push' },
    { kind: 'navigation', t: 1000, url: 'https://shop.example/cart', trigger: 'push' },
    request(2000, 'GET', 'https://shop.example/api/cart', 200),
    request(5000, 'GET', 'https://shop.example/api/coupons', 404),
    { kind: 'navigation', t: 12_000, url: 'https://shop.example/checkout?step=pay', trigger: 'push' },
    { kind: 'console', t: 24_500, level: 'error', message: 'PaymentError: card declined' },
    request(25_000, 'POST', 'https://shop.example/api/pay', 500),
  ],
  transcriptAt: null,
  segments: [
    said('there was an error with the coupons', 6000, 0.3),
    said('now i am on the checkout page', 13_000, 0.9),
    said('the green payment button crashes every time', 26_000, 0.8),
  ],
};

describe('the digest (summary without a model)', () => {
  const digest = buildDigest(material);
  const texts = digest.lines.map((line) => line.text);

  it('leads with the failures, then the pages the customer went to, then the note, then only what the recogniser was sure of', () => {
    expect(texts).toEqual([
      'GET /api/coupons answered 404 at 00:05, while the customer was speaking.',
      'Console error at 00:24: PaymentError: card declined, while the customer was speaking.',
      'POST /api/pay answered 500 at 00:25, while the customer was speaking.',
      'Pages the customer went to: /cart (00:01) → /checkout?step=pay (00:12).',
      'The customer wrote: “Paying does not work”',
      'The customer said at 00:26: “the green payment button crashes every time”; the nearest failing request: POST /api/pay answered 500 at 00:25.',
    ]);
    // The note is its own evidence; without a model nothing states a goal beyond it.
    expect(digest.lines[4]!.citations).toEqual([]);
    expect(digest.goal).toBeNull();
  });

  it('cites the failing request nearest to where the customer said it crashed, and never quotes an unsure segment', () => {
    expect(digest.lines.at(-1)!.citations).toEqual([
      { type: 'time', t_ms: 26_000 },
      { type: 'request', event: 6, t_ms: 25_000, method: 'POST', url: 'https://shop.example/api/pay', status: 500 },
    ]);
    expect(texts.join('\n')).not.toContain('coupons”');
    expect(texts.join('\n')).not.toContain('there was an error');
  });

  it('quotes what was said nearest the first failure when nobody complained, and the first things said when nothing failed', () => {
    const calm = buildDigest({ ...material, segments: [said('hello there', 1000, 0.9), said('i open the coupons', 4500, 0.9), said('mumble', 5000, 0.1)] });
    expect(calm.lines.at(-1)!.text).toBe('The customer said at 00:04: “i open the coupons”');
    const fine = buildDigest({ ...material, note: null, events: [], segments: [said('hello there', 1000, 0.9), said('mumble', 3000, 0.2), said('all good', 5000, 0.7)] });
    expect(fine.lines.map((line) => line.text)).toEqual(['The customer said at 00:01: “hello there”', 'The customer said at 00:05: “all good”']);
  });

  it('lists five failures, the ones near speech first, and counts the rest', () => {
    const many = buildDigest({
      ...material,
      events: Array.from({ length: 8 }, (_, i) => request(i * 4000, 'GET', `https://shop.example/api/item/${i}`, 503)),
      segments: [said('this is broken', 28_000, 0.9)],
    });
    const listed = many.lines.filter((line) => line.text.startsWith('GET '));
    expect(listed).toHaveLength(5);
    // 24 s and 28 s are within 5 s of the speech: they make the list although they came last.
    expect(listed.map((line) => line.citations[0]!.t_ms)).toEqual([0, 4000, 8000, 24_000, 28_000]);
    expect(many.lines.find((line) => line.text.startsWith('3 more'))).toBeDefined();
  });
});
