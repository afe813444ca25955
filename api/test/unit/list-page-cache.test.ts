import { describe, expect, it } from 'vitest';
import { ListPageCache } from '../../src/modules/submissions/list-page-cache.ts';

const page = (accountId: string, offset = 0) => ({ accountId, limit: 50, offset });

describe('the recordings list page cache', () => {
  it('gives a page back only at the version it was read at', () => {
    const cache = new ListPageCache(1_000);
    cache.set(page('a'), 7, '{"items":[]}');
    expect(cache.has(page('a'))).toBe(true);
    expect(cache.get(page('a'), 7)).toBe('{"items":[]}');
    expect(cache.get(page('a'), 8)).toBeUndefined();
    expect(cache.get(page('a'), null)).toBeUndefined();
    expect(cache.get(page('a', 50), 7)).toBeUndefined();
    expect(cache.get(page('b'), 7)).toBeUndefined();
    // An account without submissions yet has no version: its empty page is kept under null.
    cache.set(page('c'), null, '{"items":[],"total":0}');
    expect(cache.get(page('c'), null)).toBe('{"items":[],"total":0}');
    expect(cache.get(page('c'), 1)).toBeUndefined();
  });

  it('keeps at most its size in characters, dropping the least recently used pages first', () => {
    const body = 'x'.repeat(300);
    const cache = new ListPageCache(1_000);
    cache.set(page('a'), 1, body);
    cache.set(page('b'), 1, body);
    cache.set(page('c'), 1, body);
    expect(cache.get(page('a'), 1)).toBe(body);
    cache.set(page('d'), 1, body);
    expect([cache.has(page('a')), cache.has(page('b')), cache.has(page('c')), cache.has(page('d'))]).toEqual([true, false, true, true]);
    // A page larger than the whole cache is not kept.
    cache.set(page('e'), 1, 'x'.repeat(2_000));
    expect(cache.has(page('e'))).toBe(false);
  });

  it('keeps nothing at size 0', () => {
    const cache = new ListPageCache(0);
    cache.set(page('a'), 1, '{}');
    expect(cache.has(page('a'))).toBe(false);
    expect(cache.get(page('a'), 1)).toBeUndefined();
  });
});
