import { WIDGET_SESSION_TTL_MS, type SubmissionSource } from '@showback/contract';
import { IndexedDbSpoolStore } from './IndexedDbSpoolStore.ts';

/**
 * One recording kept until the server confirms its submission. Chunks are stored as they arrive from
 * MediaRecorder, so a crash or reload loses at most the last timeslice (where the store outlives the page).
 */
export interface SpooledRecording {
  /** Also the submission's client_submission_id, so a retried submit is recognised by the server. */
  id: string;
  /** The link or widget session token the recording is uploaded and submitted with. */
  token: string;
  source: SubmissionSource;
  mimeType: string;
  createdAt: number;
  updatedAt: number;
  /** False while MediaRecorder may still add chunks (or the page died before Stop). */
  finished: boolean;
  durationMs: number;
  /** Epoch ms when MediaRecorder started: the zero of the host page's event times, also for a resumed recording. */
  startedAt?: number;
  /** Size of each chunk in order; chunk n starts at the sum of the sizes before it. */
  sizes: number[];
  bytes: number;
  uploadUrl?: string;
}

/**
 * Where a spool keeps what it is given, and so what survives what (docs/recorder.md, "Where the recording is kept"):
 * - `device`: this origin's IndexedDB (the link page, a widget frame where the browser allows it): survives reload
 *   and crash of the page;
 * - `host`: the widget host page's IndexedDB, through the SDK (a cross-site frame without storage): survives a
 *   reload or crash of the host page, found again when the widget is reopened on that site;
 * - `memory`: this page only: closing or reloading it loses what the server has not received yet.
 */
export type SpoolKeeping = 'device' | 'host' | 'memory';

/** The storage under a Spool: plain reads and writes, each write atomic; ordering and notifications are the Spool's. */
export interface SpoolStore {
  readonly keeping: SpoolKeeping;
  add(rec: SpooledRecording): Promise<void>;
  get(id: string): Promise<SpooledRecording | undefined>;
  /** Every recording stored, for a new page to pick up what it may (`sameScope`). */
  all(): Promise<SpooledRecording[]>;
  put(rec: SpooledRecording): Promise<void>;
  /** Store chunk `seq` and the recording row that counts it, together. */
  putChunk(rec: SpooledRecording, seq: number, data: ArrayBuffer): Promise<void>;
  /** Chunks first..last (inclusive) in order; fewer when some are missing. */
  chunks(id: string, first: number, last: number): Promise<ArrayBuffer[]>;
  delete(id: string): Promise<void>;
  close(): void;
}

export const SPOOL_DB_NAME = 'showback-recorder';

const WIDGET_TOKEN_PREFIX = 'ws_';

/**
 * Whether a page opened with `token` may pick up a recording made with `recordedWith`. A link's recordings belong to
 * that link. A widget opened again gets a new session token, so every widget session's recordings are candidates:
 * browsers keep a cross-site frame's storage per top-level site (and the host spool lives in the host's own), so
 * they are the recordings made on this same site. A resumed recording is sent with the token it was made with.
 */
export const sameScope = (token: string, recordedWith: string): boolean =>
  token === recordedWith || (token.startsWith(WIDGET_TOKEN_PREFIX) && recordedWith.startsWith(WIDGET_TOKEN_PREFIX));

type Listener = (rec: SpooledRecording) => void;

export class Spool {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Appends per recording run one after another: sizes and sequence numbers must follow MediaRecorder's order. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(private readonly store: SpoolStore) {}

  /** The spool in this origin's IndexedDB (rejects where the browser refuses it, e.g. in a cross-site frame). */
  static async open(name = SPOOL_DB_NAME): Promise<Spool> {
    return new Spool(await IndexedDbSpoolStore.open(name));
  }

  get keeping(): SpoolKeeping {
    return this.store.keeping;
  }

  close(): void {
    this.store.close();
  }

  async create(init: Pick<SpooledRecording, 'id' | 'token' | 'source' | 'mimeType'>): Promise<SpooledRecording> {
    const now = Date.now();
    const rec: SpooledRecording = { ...init, createdAt: now, updatedAt: now, finished: false, durationMs: 0, sizes: [], bytes: 0 };
    await this.store.add(rec);
    return rec;
  }

  get(id: string): Promise<SpooledRecording | undefined> {
    return this.store.get(id);
  }

  /**
   * The newest recording for this link that the server has not confirmed yet. A widget recording older than its
   * session can no longer be sent, so it is not offered (and is dropped from the store).
   */
  async findPending(token: string, now = Date.now()): Promise<SpooledRecording | undefined> {
    const all = await this.store.all();
    const expired = all.filter((r) => r.token.startsWith(WIDGET_TOKEN_PREFIX) && now - r.createdAt > WIDGET_SESSION_TTL_MS);
    await Promise.all(expired.map((r) => this.delete(r.id).catch(() => undefined)));
    return all
      .filter((r) => r.bytes > 0 && sameScope(token, r.token) && !expired.includes(r))
      .sort((a, b) => b.createdAt - a.createdAt)[0];
  }

  /** Store the next chunk. Resolves once the store has it. */
  append(id: string, data: Blob, durationMs: number): Promise<SpooledRecording> {
    return this.enqueue(id, async () => {
      const buffer = await data.arrayBuffer();
      const rec = await this.store.get(id);
      if (!rec) throw new Error(`spool: recording ${id} is gone`);
      if (rec.finished) throw new Error(`spool: recording ${id} is finished`);
      const seq = rec.sizes.length;
      const next: SpooledRecording = {
        ...rec,
        sizes: [...rec.sizes, buffer.byteLength],
        bytes: rec.bytes + buffer.byteLength,
        durationMs: Math.max(rec.durationMs, durationMs),
        updatedAt: Date.now(),
      };
      await this.store.putChunk(next, seq, buffer);
      return next;
    });
  }

  /** No more chunks will come: after Stop, or when resuming a recording the page lost. */
  finish(id: string, durationMs?: number): Promise<SpooledRecording> {
    return this.update(id, (rec) => {
      rec.finished = true;
      if (durationMs !== undefined) rec.durationMs = Math.max(rec.durationMs, durationMs);
    });
  }

  markStarted(id: string, startedAt: number): Promise<SpooledRecording> {
    return this.update(id, (rec) => {
      rec.startedAt = startedAt;
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
    const rows = await this.store.chunks(id, first, last);
    if (rows.length !== last - first + 1) throw new Error(`spool: chunks ${first}..${last} of ${id} are incomplete`);
    const whole = new Blob(rows);
    return whole.slice(start - firstOffset, end - firstOffset, rec.mimeType);
  }

  async blob(id: string): Promise<Blob> {
    const rec = await this.get(id);
    if (!rec) throw new Error(`spool: recording ${id} is gone`);
    return this.read(id, 0, rec.bytes);
  }

  async delete(id: string): Promise<void> {
    await this.enqueue(id, () => this.store.delete(id));
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
      const rec = await this.store.get(id);
      if (!rec) throw new Error(`spool: recording ${id} is gone`);
      change(rec);
      rec.updatedAt = Date.now();
      await this.store.put(rec);
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
