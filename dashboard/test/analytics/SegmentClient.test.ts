import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SegmentClient } from '../../src/features/analytics/SegmentClient.ts';

interface Call { url: string; init?: RequestInit }

function fakeFetch(batchStatuses: number[] = []) {
  const calls: Call[] = [];
  const impl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    if (String(url).endsWith('/settings')) return new Response('{"integrations":{}}', { status: 200 });
    const status = batchStatuses.shift() ?? 200;
    return new Response('{}', { status });
  });
  const batches = () => calls.filter((c) => c.url.endsWith('/v1/batch')).map((c) => JSON.parse(String(c.init?.body)) as { batch: { type: string; properties?: { path: string } }[] });
  return { impl: impl as unknown as typeof fetch, calls, batches };
}

describe('SegmentClient', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches settings, then identifies with the id as text and the email', async () => {
    const f = fakeFetch();
    const c = new SegmentClient({ url: 'http://collector', writeKey: 'wk', fetch: f.impl, log: () => {} });
    expect(c.identify(1, 'a@b.c')).toBe(false);
    expect(await c.load()).toBe('loaded');
    expect(f.calls[0]?.url).toBe('http://collector/v1/projects/wk/settings');
    expect(c.identify(42, 'a@b.c')).toBe(true);
    expect(c.identify(43, '')).toBe(false);
    await c.flush();
    const [batch] = f.batches();
    expect(batch?.batch[0]).toMatchObject({ type: 'identify', userId: '42', traits: { email: 'a@b.c' } });
    const auth = (f.calls[1]?.init?.headers as Record<string, string>).Authorization;
    expect(auth).toBe(`Basic ${btoa('wk:')}`);
  });

  it('fails quietly when settings cannot load and then sends nothing', async () => {
    const logs: string[] = [];
    const impl = (async () => new Response('no', { status: 404 })) as unknown as typeof fetch;
    const c = new SegmentClient({ url: 'http://collector', writeKey: 'wk', fetch: impl, log: (m) => logs.push(m) });
    expect(await c.load()).toBe('failed');
    expect(c.page('/x', 'http://h/x')).toBe(false);
    expect(logs).toHaveLength(1);
  });

  it('sends a batch at 10 events, otherwise after 5000 ms', async () => {
    const f = fakeFetch();
    const c = new SegmentClient({ url: 'http://collector', writeKey: 'wk', fetch: f.impl, log: () => {} });
    await c.load();
    for (let i = 0; i < 10; i++) c.page(`/p${i}`, `http://h/p${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(f.batches()).toHaveLength(1);
    expect(f.batches()[0]?.batch).toHaveLength(10);
    c.page('/later', 'http://h/later');
    await vi.advanceTimersByTimeAsync(4999);
    expect(f.batches()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(f.batches()[1]?.batch.map((e) => e.properties?.path)).toEqual(['/later']);
  });

  it('retries a failed batch after a random delay of at most 5 s, then gives up and logs', async () => {
    const f = fakeFetch([503, 503, 503]);
    const logs: string[] = [];
    const c = new SegmentClient({ url: 'http://collector', writeKey: 'wk', fetch: f.impl, log: (m) => logs.push(m), random: () => 0.999 });
    await c.load();
    c.page('/a', 'http://h/a');
    const done = c.flush();
    await vi.advanceTimersByTimeAsync(4995);
    expect(f.batches()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5000);
    await done;
    expect(f.batches()).toHaveLength(3);
    expect(logs.join()).toContain('dropped after 3 attempts');
  });

  it('sends what is left on page hide as beacon chunks of at most 64 KB', async () => {
    const f = fakeFetch();
    const beacons: Blob[] = [];
    const c = new SegmentClient({ url: 'http://collector', writeKey: 'wk', fetch: f.impl, log: () => {}, sendBeacon: (_u, data) => (beacons.push(data as Blob), true) });
    await c.load();
    const long = 'x'.repeat(20_000);
    for (let i = 0; i < 9; i++) c.page(`/${long}${i}`, 'http://h/');
    c.flushOnHide();
    expect(beacons.length).toBeGreaterThan(1);
    let events = 0;
    for (const b of beacons) {
      expect(b.size).toBeLessThanOrEqual(64 * 1024);
      const body = JSON.parse(await b.text()) as { writeKey: string; batch: unknown[] };
      expect(body.writeKey).toBe('wk');
      events += body.batch.length;
    }
    expect(events).toBe(9);
    expect(f.batches()).toHaveLength(0);
  });
});
