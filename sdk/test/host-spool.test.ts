import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { hostSpool } from '../src/widget/host-spool.ts';
import { parseRecorderMessage, spoolResult } from '../src/widget/protocol.ts';

const buf = (...values: number[]): ArrayBuffer => new Uint8Array(values).buffer;
const values = (list: unknown): number[][] => (list as ArrayBuffer[]).map((b) => [...new Uint8Array(b)]);
const row = (id: string, bytes = 0) => ({ id, token: 'ws_a', source: 'widget', mimeType: 'video/mp4', createdAt: 1, updatedAt: 1, finished: false, durationMs: 0, sizes: [], bytes });

describe('host spool (the SDK keeps a cross-site recorder\'s recording in the host page\'s IndexedDB)', () => {
  it('stores rows and chunks, reads chunk ranges in order, lists rows, deletes a recording with its chunks', async () => {
    expect(await hostSpool('open', [])).toBe(true);
    const id = crypto.randomUUID();
    await hostSpool('add', [row(id)]);
    for (let seq = 0; seq < 4; seq++) await hostSpool('putChunk', [row(id, seq + 1), seq, buf(seq, seq)]);
    expect(await hostSpool('get', [id])).toMatchObject({ id, bytes: 4 });
    expect(values(await hostSpool('chunks', [id, 1, 2]))).toEqual([[1, 1], [2, 2]]);
    const other = crypto.randomUUID();
    await hostSpool('add', [row(other)]);
    await hostSpool('putChunk', [row(other, 1), 0, buf(9)]);
    expect(((await hostSpool('all', [])) as { id: string }[]).map((r) => r.id).sort()).toEqual([id, other].sort());
    await hostSpool('put', [{ ...row(id, 4), finished: true }]);
    expect(await hostSpool('get', [id])).toMatchObject({ finished: true });
    await hostSpool('delete', [id]);
    expect(await hostSpool('get', [id])).toBeUndefined();
    expect(await hostSpool('chunks', [id, 0, 10])).toEqual([]);
    expect(values(await hostSpool('chunks', [other, 0, 10]))).toEqual([[9]]);
  });

  it('refuses unknown operations and bad keys instead of throwing into the page', async () => {
    await expect(hostSpool('toString', [])).rejects.toThrow();
    await expect(hostSpool('__proto__', [])).rejects.toThrow();
    await expect(hostSpool('add', [{ no: 'id' }])).rejects.toBeTruthy();
    await expect(hostSpool('get', [{}])).rejects.toBeTruthy();
  });

  it('spool calls are recorder messages; results carry the call id', () => {
    const ok = { protocol: 'showback-widget', v: 1 };
    expect(parseRecorderMessage({ ...ok, type: 'spool', id: 'c1', op: 'get', args: ['x'] })).toBeTruthy();
    expect(parseRecorderMessage({ ...ok, type: 'spool', id: 'c1', op: 'get', args: 'x' })).toBeUndefined();
    expect(parseRecorderMessage({ ...ok, type: 'spool', id: 'c1', op: 'x'.repeat(50), args: [] })).toBeUndefined();
    expect(spoolResult('c1', true, 5)).toEqual({ ...ok, type: 'spool:result', id: 'c1', ok: true, value: 5 });
    expect(spoolResult('c1', false, new Error('quota'))).toEqual({ ...ok, type: 'spool:result', id: 'c1', ok: false, error: 'Error: quota' });
  });
});
