import type { SpooledRecording, SpoolStore } from './spool.ts';

/**
 * The last resort where no storage is allowed: the recording lives in this page's memory only, so closing or
 * reloading the page loses what the server has not received. Bounded, so a long recording cannot take the tab down:
 * past the limit an append fails and the recording stops like on a full disk, keeping what was recorded.
 */
export const MEMORY_SPOOL_MAX_BYTES = 512 * 1024 * 1024;

export class SpoolFullError extends Error {
  constructor(limit: number) {
    super(`spool: the in-memory copy reached its limit of ${limit} bytes`);
    this.name = 'SpoolFullError';
  }
}

/**
 * What IndexedDB's structured clone gives the other store: a copy the caller cannot change behind the store's back.
 * A recording is flat data with one array, so a spread does it (`structuredClone` is missing before Chrome/Edge 98,
 * Firefox 94 and Safari 15.4).
 */
const copyOf = (rec: SpooledRecording): SpooledRecording => ({ ...rec, sizes: [...rec.sizes] });

export class MemorySpoolStore implements SpoolStore {
  readonly keeping = 'memory';
  private readonly recordings = new Map<string, SpooledRecording>();
  private readonly data = new Map<string, ArrayBuffer[]>();

  constructor(private readonly maxBytes = MEMORY_SPOOL_MAX_BYTES) {}

  close(): void {
    this.recordings.clear();
    this.data.clear();
  }

  async add(rec: SpooledRecording): Promise<void> {
    if (this.recordings.has(rec.id)) throw new Error(`spool: recording ${rec.id} exists`);
    this.recordings.set(rec.id, copyOf(rec));
    this.data.set(rec.id, []);
  }

  async get(id: string): Promise<SpooledRecording | undefined> {
    const rec = this.recordings.get(id);
    return rec && copyOf(rec);
  }

  async all(): Promise<SpooledRecording[]> {
    return [...this.recordings.values()].map((r) => copyOf(r));
  }

  async put(rec: SpooledRecording): Promise<void> {
    this.recordings.set(rec.id, copyOf(rec));
  }

  async putChunk(rec: SpooledRecording, seq: number, data: ArrayBuffer): Promise<void> {
    const held = [...this.recordings.values()].reduce((sum, r) => sum + r.bytes, 0);
    if (held + data.byteLength > this.maxBytes) throw new SpoolFullError(this.maxBytes);
    const chunks = this.data.get(rec.id);
    if (!chunks) throw new Error(`spool: recording ${rec.id} is gone`);
    chunks[seq] = data;
    this.recordings.set(rec.id, copyOf(rec));
  }

  async chunks(id: string, first: number, last: number): Promise<ArrayBuffer[]> {
    return (this.data.get(id) ?? []).slice(first, last + 1).filter((c): c is ArrayBuffer => c !== undefined);
  }

  async delete(id: string): Promise<void> {
    this.recordings.delete(id);
    this.data.delete(id);
  }
}
