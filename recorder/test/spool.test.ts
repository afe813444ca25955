import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySpoolStore, SpoolFullError } from '../src/upload/MemorySpoolStore.ts';
import { Spool } from '../src/upload/spool.ts';
import { SpoolSource } from '../src/upload/SpoolSource.ts';

const bytes = (...values: number[]): Blob => new Blob([new Uint8Array(values)]);
const read = async (b: Blob | null): Promise<number[]> => (b ? [...new Uint8Array(await b.arrayBuffer())] : []);

let spool: Spool;
let name: string;

afterEach(() => spool.close());

const create = (id = crypto.randomUUID(), token = 'tok') => spool.create({ id, token, source: 'link', mimeType: 'video/webm;codecs=vp9,opus' });

// Every store keeps the same promises about order, ranges and deletion; only what outlives the page differs.
describe.each([
  ['device (IndexedDB)', () => Spool.open(name)],
  ['memory', async () => new Spool(new MemorySpoolStore())],
])('Spool in %s', (_kind, open) => {
  beforeEach(async () => {
    name = `spool-${crypto.randomUUID()}`;
    spool = await open();
  });

  it('keeps chunks in order even when appends are not awaited', async () => {
    const rec = await create();
    const writes = [bytes(1, 2), bytes(3), bytes(4, 5, 6), bytes(7)].map((b, i) => spool.append(rec.id, b, i * 1000));
    await Promise.all(writes);
    const stored = await spool.get(rec.id);
    expect(stored).toMatchObject({ sizes: [2, 1, 3, 1], bytes: 7, durationMs: 3000, finished: false });
    expect(await read(await spool.blob(rec.id))).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads any byte range across chunk boundaries', async () => {
    const rec = await create();
    for (const b of [bytes(0, 1, 2), bytes(3, 4), bytes(5, 6, 7, 8), bytes(9)]) await spool.append(rec.id, b, 0);
    expect(await read(await spool.read(rec.id, 2, 6))).toEqual([2, 3, 4, 5]);
    expect(await read(await spool.read(rec.id, 3, 5))).toEqual([3, 4]);
    expect(await read(await spool.read(rec.id, 9, 100))).toEqual([9]);
    expect(await read(await spool.read(rec.id, 0, 1))).toEqual([0]);
    expect((await spool.read(rec.id, 10, 20)).size).toBe(0);
  });

  it('finds the pending recording per link; a widget session finds any widget session\'s (a reopened widget)', async () => {
    const link = await create(undefined, 'tok');
    await spool.append(link.id, bytes(1), 500);
    const widget = await create(undefined, 'ws_first');
    await spool.append(widget.id, bytes(2), 500);
    expect(await spool.findPending('tok')).toMatchObject({ id: link.id });
    await spool.markStarted(widget.id, 1_700_000_000_000);
    expect(await spool.findPending('ws_second')).toMatchObject({ id: widget.id, token: 'ws_first', startedAt: 1_700_000_000_000 });
    expect(await spool.findPending('other-link')).toBeUndefined();
  });

  it('ignores an empty recording (created, never got a chunk) when looking for pending ones', async () => {
    await create(undefined, 'tok');
    expect(await spool.findPending('tok')).toBeUndefined();
  });

  it('drops a widget recording older than its session (it could not be sent any more); link recordings stay', async () => {
    const widget = await create(undefined, 'ws_old');
    await spool.append(widget.id, bytes(1), 500);
    const link = await create(undefined, 'tok');
    await spool.append(link.id, bytes(2), 500);
    const later = Date.now() + 5 * 60 * 60 * 1000;
    expect(await spool.findPending('ws_new', later)).toBeUndefined();
    expect(await spool.get(widget.id)).toBeUndefined();
    expect(await spool.findPending('tok', later)).toMatchObject({ id: link.id });
  });

  it('refuses chunks after finish and deletes everything of a recording', async () => {
    const rec = await create();
    await spool.append(rec.id, bytes(1, 2), 100);
    await spool.finish(rec.id, 1500);
    await expect(spool.append(rec.id, bytes(3), 0)).rejects.toThrow(/finished/);
    expect(await spool.get(rec.id)).toMatchObject({ finished: true, durationMs: 1500, bytes: 2 });
    await spool.delete(rec.id);
    expect(await spool.get(rec.id)).toBeUndefined();
    await expect(spool.blob(rec.id)).rejects.toThrow(/gone/);
  });
});

describe('Spool in IndexedDB (device)', () => {
  beforeEach(async () => {
    name = `spool-${crypto.randomUUID()}`;
    spool = await Spool.open(name);
  });

  it('says it keeps the recording on the device', () => {
    expect(spool.keeping).toBe('device');
  });

  it('survives closing and reopening the database (a reload) and finds the pending recording per link', async () => {
    const old = await create(undefined, 'tok');
    await spool.append(old.id, bytes(1), 500);
    const other = await create(undefined, 'other-link');
    await spool.append(other.id, bytes(2), 500);
    await spool.setUploadUrl(old.id, 'http://x/uploads/abc');
    spool.close();
    spool = await Spool.open(name);
    const pending = await spool.findPending('tok');
    expect(pending).toMatchObject({ id: old.id, uploadUrl: 'http://x/uploads/abc', bytes: 1, finished: false });
    expect(await spool.findPending('nobody')).toBeUndefined();
  });

});

describe('Spool in memory (no storage allowed)', () => {
  it('is bounded: past the limit an append fails (the recording stops) and what was kept stays readable', async () => {
    spool = new Spool(new MemorySpoolStore(5));
    expect(spool.keeping).toBe('memory');
    const rec = await create();
    await spool.append(rec.id, bytes(1, 2, 3), 0);
    await expect(spool.append(rec.id, bytes(4, 5, 6), 1000)).rejects.toThrow(SpoolFullError);
    expect(await read(await spool.blob(rec.id))).toEqual([1, 2, 3]);
    await spool.append(rec.id, bytes(4, 5), 1000);
    expect(await spool.get(rec.id)).toMatchObject({ bytes: 5, sizes: [3, 2] });
  });

  it('hands out copies: a caller changing a row does not change the stored one', async () => {
    spool = new Spool(new MemorySpoolStore());
    const rec = await create();
    const got = await spool.get(rec.id);
    got!.bytes = 99;
    expect((await spool.get(rec.id))!.bytes).toBe(0);
  });
});

describe('SpoolSource (what tus reads)', () => {
  beforeEach(async () => {
    name = `spool-${crypto.randomUUID()}`;
    spool = await Spool.open(name);
  });

  it('serves full chunks at once and waits for more while recording', async () => {
    const rec = await create();
    await spool.append(rec.id, bytes(1, 2, 3, 4), 0);
    const source = new SpoolSource(spool, rec.id, 10_000);
    expect(await source.slice(0, 3)).toEqual({ value: expect.any(Blob), done: false });
    const pending = source.slice(4, 8);
    await spool.append(rec.id, bytes(5, 6), 0);
    await spool.append(rec.id, bytes(7, 8, 9), 0);
    const r = await pending;
    expect(await read(r.value)).toEqual([5, 6, 7, 8]);
    expect(r.done).toBe(false);
  });

  it('flushes a partial chunk after the flush interval, so the upload trails the recording', async () => {
    const rec = await create();
    await spool.append(rec.id, bytes(1, 2), 0);
    const source = new SpoolSource(spool, rec.id, 50);
    const started = Date.now();
    const r = await source.slice(0, 1000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(await read(r.value)).toEqual([1, 2]);
    expect(r.done).toBe(false);
  });

  it('reports done with the last bytes once the recording is finished, and can serve old offsets again', async () => {
    const rec = await create();
    await spool.append(rec.id, bytes(1, 2, 3), 0);
    const source = new SpoolSource(spool, rec.id, 10_000);
    const waiting = source.slice(2, 100);
    await spool.finish(rec.id);
    const r = await waiting;
    expect(await read(r.value)).toEqual([3]);
    expect(r.done).toBe(true);
    expect(source.size).toBe(3);
    // After a server restart tus resumes from whatever offset the server kept, earlier ones included.
    expect(await read((await source.slice(0, 100)).value)).toEqual([1, 2, 3]);
    expect(await source.slice(3, 100)).toEqual({ value: null, done: true });
  });

  it('a bounded slice of a finished recording is not the end', async () => {
    const rec = await create();
    await spool.append(rec.id, bytes(1, 2, 3, 4), 0);
    await spool.finish(rec.id);
    const source = new SpoolSource(spool, rec.id);
    expect((await source.slice(0, 2)).done).toBe(false);
    expect((await source.slice(2, 4)).done).toBe(true);
  });
});
