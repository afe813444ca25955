import { afterEach, describe, expect, it } from 'vitest';
import { asSpooledRecording, HostSpoolStore, type SpoolCall } from '../src/embed/HostSpoolStore.ts';
import { noopBridge, type HostBridge } from '../src/app/hostBridge.ts';
import { MemorySpoolStore } from '../src/upload/MemorySpoolStore.ts';
import { openSpool } from '../src/upload/openSpool.ts';
import type { Spool } from '../src/upload/spool.ts';

// No IndexedDB in this environment (no fake-indexeddb import): like a cross-site frame the browser refuses storage.
let spool: Spool | undefined;
afterEach(() => spool?.close());

const bridgeWith = (openSpool: HostBridge['openSpool']): HostBridge => ({ ...noopBridge, openSpool });

describe('where the recording is kept when this origin has no storage', () => {
  it('uses the host page\'s spool when the SDK keeps one', async () => {
    const host = new MemorySpoolStore();
    spool = await openSpool(bridgeWith(async () => Object.assign(host, { keeping: 'host' as const })));
    expect(spool.keeping).toBe('host');
  });

  it('falls back to memory without a host spool (standalone page, older SDK, host storage refused too)', async () => {
    spool = await openSpool(noopBridge);
    expect(spool.keeping).toBe('memory');
    spool = await openSpool(bridgeWith(async () => undefined));
    expect(spool.keeping).toBe('memory');
    spool = await openSpool(bridgeWith(() => Promise.reject(new Error('gone'))));
    expect(spool.keeping).toBe('memory');
  });
});

describe('HostSpoolStore (the recorder\'s side of the host spool)', () => {
  it('opens only when the SDK answers that it keeps one, within the time limit', async () => {
    const answers = (value: unknown): SpoolCall => async () => value;
    expect(await HostSpoolStore.open(answers(true))).toBeInstanceOf(HostSpoolStore);
    expect(await HostSpoolStore.open(answers(undefined))).toBeUndefined();
    expect(await HostSpoolStore.open(() => Promise.reject(new Error('no answer to open')))).toBeUndefined();
  });

  it('checks what the host page hands back: malformed rows and chunks are dropped', async () => {
    const good = { id: 'r1', token: 'ws_a', source: 'widget', mimeType: 'video/mp4', createdAt: 1, updatedAt: 2, finished: false, durationMs: 0, sizes: [3], bytes: 3 };
    expect(asSpooledRecording(good)).toEqual(good);
    expect(asSpooledRecording({ ...good, startedAt: 5 })).toMatchObject({ startedAt: 5 });
    for (const bad of [null, 'x', { ...good, startedAt: 'soon' }, { ...good, sizes: ['3'] }, { ...good, bytes: -1 }, { ...good, source: 'evil' }, { ...good, uploadUrl: 5 }]) {
      expect(asSpooledRecording(bad)).toBeUndefined();
    }
    const calls: string[] = [];
    const store = (await HostSpoolStore.open(async (op) => {
      calls.push(op);
      if (op === 'open') return true;
      if (op === 'all') return [good, { id: 5 }];
      if (op === 'chunks') return [new ArrayBuffer(2), 'not a buffer'];
      return undefined;
    }))!;
    expect(store.keeping).toBe('host');
    expect(await store.all()).toEqual([good]);
    expect(await store.chunks('r1', 0, 1)).toHaveLength(1);
    expect(await store.get('r1')).toBeUndefined();
    expect(calls).toEqual(['open', 'all', 'chunks', 'get']);
  });
});
