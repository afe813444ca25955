import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SubmissionSource } from '@showback/contract';

/**
 * One recording kept on this device until the server confirms its submission. Chunks are stored as they arrive
 * from MediaRecorder, so a crash or reload loses at most the last timeslice.
 */
export interface SpooledRecording {
  /** Also the submission's client_submission_id, so a retried submit is recognised by the server. */
  id: string;
  token: string;
  source: SubmissionSource;
  mimeType: string;
  createdAt: number;
  updatedAt: number;
  /** False while MediaRecorder may still add chunks (or the page died before Stop). */
  finished: boolean;
  durationMs: number;
  /** Size of each chunk in order; chunk n starts at the sum of the sizes before it. */
  sizes: number[];
  bytes: number;
  uploadUrl?: string;
}

interface ChunkRow {
  recordingId: string;
  seq: number;
  data: ArrayBuffer;
}

interface SpoolSchema extends DBSchema {
  recordings: { key: string; value: SpooledRecording; indexes: { token: string } };
  chunks: { key: [string, number]; value: ChunkRow };
}

export const SPOOL_DB_NAME = 'showback-recorder';

type Listener = (rec: SpooledRecording) => void;

export class Spool {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Appends per recording run one after another: sizes and sequence numbers must follow MediaRecorder's order. */
  private readonly queues = new Map<string, Promise<unknown>>();

  private constructor(private readonly db: IDBPDatabase<SpoolSchema>) {}

  static async open(name = SPOOL_DB_NAME): Promise<Spool> {
    const db = await openDB<SpoolSchema>(name, 1, {
      upgrade(d) {
        const recordings = d.createObjectStore('recordings', { keyPath: 'id' });
        recordings.createIndex('token', 'token');
        d.createObjectStore('chunks', { keyPath: ['recordingId', 'seq'] });
      },
    });
    return new Spool(db);
  }

  close(): void {
    this.db.close();
  }

  async create(init: Pick<SpooledRecording, 'id' | 'token' | 'source' | 'mimeType'>): Promise<SpooledRecording> {
    const now = Date.now();
    const rec: SpooledRecording = { ...init, createdAt: now, updatedAt: now, finished: false, durationMs: 0, sizes: [], bytes: 0 };
    await this.db.add('recordings', rec);
    return rec;
  }

  get(id: string): Promise<SpooledRecording | undefined> {
    return this.db.get('recordings', id);
  }

  /** The newest recording for this link that the server has not confirmed yet. */
  async findPending(token: string): Promise<SpooledRecording | undefined> {
    const all = await this.db.getAllFromIndex('recordings', 'token', token);
    return all.filter((r) => r.bytes > 0).sort((a, b) => b.createdAt - a.createdAt)[0];
  }

  /** Store the next chunk. Resolves once it is durable in IndexedDB. */
  append(id: string, data: Blob, durationMs: number): Promise<SpooledRecording> {
    return this.enqueue(id, async () => {
      const buffer = await data.arrayBuffer();
      const tx = this.db.transaction(['recordings', 'chunks'], 'readwrite');
      const recordings = tx.objectStore('recordings');
      const rec = await recordings.get(id);
      if (!rec) throw new Error(`spool: recording ${id} is gone`);
      if (rec.finished) throw new Error(`spool: recording ${id} is finished`);
      await tx.objectStore('chunks').put({ recordingId: id, seq: rec.sizes.length, data: buffer });
      rec.sizes.push(buffer.byteLength);
      rec.bytes += buffer.byteLength;
      rec.durationMs = Math.max(rec.durationMs, durationMs);
      rec.updatedAt = Date.now();
      await recordings.put(rec);
      await tx.done;
      return rec;
    });
  }

  /** No more chunks will come: after Stop, or when resuming a recording the page lost. */
  finish(id: string, durationMs?: number): Promise<SpooledRecording> {
    return this.update(id, (rec) => {
      rec.finished = true;
      if (durationMs !== undefined) rec.durationMs = Math.max(rec.durationMs, durationMs);
    });
  }

  setUploadUrl(id: string, uploadUrl: string | undefined): Promise<SpooledRecording> {
    return this.update(id, (rec) => {
      rec.uploadUrl = uploadUrl;
    });
  }

  /** Bytes [start, end) of the recording as one Blob (end is clipped to what is stored). */
  async read(id: string, start: number, end: number): Promise<Blob> {
    const rec = await this.get(id);
    if (!rec) throw new Error(`spool: recording ${id} is gone`);
    end = Math.min(end, rec.bytes);
    if (start >= end) return new Blob([], { type: rec.mimeType });
    let offset = 0;
    let first = -1;
    let firstOffset = 0;
    let last = -1;
    for (let i = 0; i < rec.sizes.length; i++) {
      const size = rec.sizes[i]!;
      if (first < 0 && offset + size > start) {
        first = i;
        firstOffset = offset;
      }
      if (offset < end) last = i;
      offset += size;
    }
    const rows = await this.db.getAll('chunks', IDBKeyRange.bound([id, first], [id, last]));
    if (rows.length !== last - first + 1) throw new Error(`spool: chunks ${first}..${last} of ${id} are incomplete`);
    const whole = new Blob(rows.map((r) => r.data));
    return whole.slice(start - firstOffset, end - firstOffset, rec.mimeType);
  }

  async blob(id: string): Promise<Blob> {
    const rec = await this.get(id);
    if (!rec) throw new Error(`spool: recording ${id} is gone`);
    return this.read(id, 0, rec.bytes);
  }

  async delete(id: string): Promise<void> {
    await this.enqueue(id, async () => {
      const tx = this.db.transaction(['recordings', 'chunks'], 'readwrite');
      await tx.objectStore('chunks').delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
      await tx.objectStore('recordings').delete(id);
      await tx.done;
    });
    this.queues.delete(id);
  }

  /** Called after every change to the recording (new chunk, finished, upload URL). */
  subscribe(id: string, listener: Listener): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private update(id: string, change: (rec: SpooledRecording) => void): Promise<SpooledRecording> {
    return this.enqueue(id, async () => {
      const tx = this.db.transaction('recordings', 'readwrite');
      const rec = await tx.store.get(id);
      if (!rec) throw new Error(`spool: recording ${id} is gone`);
      change(rec);
      rec.updatedAt = Date.now();
      await tx.store.put(rec);
      await tx.done;
      return rec;
    });
  }

  private enqueue<T extends SpooledRecording | void>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    this.queues.set(id, next);
    return next.then((result) => {
      if (result) this.listeners.get(id)?.forEach((l) => l(result));
      return result;
    });
  }
}
