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

  it('has the requests that found the same version share one read of the page, and keeps what it read', async () => {
    const cache = new ListPageCache(1_000);
    cache.set(page('a'), 1, 'v1');
    const reads: Array<(body: string) => void> = [];
    const read = (version: number) => () => new Promise<{ version: number; body: string }>((resolve) => reads.push((body) => resolve({ version, body })));
    // Version 2 found by three requests: one read between them; version 3 found by a fourth: a read of its own.
    const found2 = [cache.serve(page('a'), 2, read(2)), cache.serve(page('a'), 2, read(2)), cache.serve(page('a'), 2, read(2))];
    const found3 = cache.serve(page('a'), 3, read(3));
    expect(reads).toHaveLength(2);
    reads[0]!('v2');
    reads[1]!('v3');
    expect(await Promise.all(found2)).toEqual(['v2', 'v2', 'v2']);
    expect(await found3).toBe('v3');
    // Kept as read; once landed, a request finding version 2 again reads anew rather than joining a finished read.
    expect(cache.get(page('a'), 3)).toBe('v3');
    void cache.serve(page('a'), 2, read(2));
    expect(reads).toHaveLength(3);
    // A request that did not check the version (nothing kept yet) joins nothing.
    void cache.serve(page('b'), undefined, read(1));
    void cache.serve(page('b'), undefined, read(1));
    expect(reads).toHaveLength(5);
    // A failed read fails its requests and is not joined afterwards.
    const failing = cache.serve(page('c'), 1, () => Promise.reject(new Error('database down')));
    await expect(failing).rejects.toThrow('database down');
    expect(await cache.serve(page('c'), 1, async () => ({ version: 1, body: 'c1' }))).toBe('c1');
  });

  it('keeps nothing at size 0', () => {
    const cache = new ListPageCache(0);
    cache.set(page('a'), 1, '{}');
    expect(cache.has(page('a'))).toBe(false);
    expect(cache.get(page('a'), 1)).toBeUndefined();
  });
});
