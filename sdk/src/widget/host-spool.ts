import type { WidgetSpoolOp } from '@showback/contract';

/**
 * The host spool's storage side (docs/recorder.md, "Where the recording is kept"): the recorder in a cross-site
 * frame, which the browser gives no storage, keeps its recording here, in this page's own IndexedDB, where it
 * outlives a reload of the page until the recorder deletes it after the server confirmed the submission.
 * Rows and chunks are stored as the recorder sends them; it checks what it reads back.
 */
const DB = 'showback-spool';
let opened: Promise<IDBDatabase> | undefined;

const open = (): Promise<IDBDatabase> =>
  (opened ||= new Promise((ok, no) => {
    const r = indexedDB.open(DB, 1);
    // Recordings keyed by their id; chunks keyed [recording id, sequence number].
    r.onupgradeneeded = () => (r.result.createObjectStore('r', { keyPath: 'id' }), r.result.createObjectStore('c'));
    r.onsuccess = () => ok(r.result);
    r.onerror = () => ((opened = undefined), no(r.error));
  }));

type Run = (r: IDBObjectStore, c: IDBObjectStore) => IDBRequest | void;

/** One transaction over both stores; resolves with the request's result once it committed. */
const run = (write: boolean, fn: Run): Promise<unknown> =>
  open().then(
    (d) =>
      new Promise((ok, no) => {
        const t = d.transaction(['r', 'c'], write ? 'readwrite' : 'readonly');
        const q = fn(t.objectStore('r'), t.objectStore('c'));
        t.oncomplete = () => ok(q && q.result);
        t.onerror = t.onabort = () => no(t.error);
      }),
  );

const range = (id: unknown, first: unknown, last: unknown) => IDBKeyRange.bound([id, first], [id, last]);

/* eslint-disable @typescript-eslint/no-explicit-any -- the arguments come from the recorder; IndexedDB rejects bad keys */
const OPS: Record<WidgetSpoolOp, (...a: any[]) => Promise<unknown>> = {
  open: () => open().then(() => true),
  add: (rec) => run(true, (r) => r.add(rec)),
  get: (id) => run(false, (r) => r.get(id)),
  all: () => run(false, (r) => r.getAll()),
  put: (rec) => run(true, (r) => r.put(rec)),
  putChunk: (rec, seq, data) =>
    run(true, (r, c) => {
      c.put(data, [rec.id, seq]);
      r.put(rec);
    }),
  chunks: (id, first, last) => run(false, (_, c) => c.getAll(range(id, first, last))),
  delete: (id) =>
    run(true, (r, c) => {
      c.delete(range(id, 0, Infinity));
      r.delete(id);
    }),
};
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Runs one call from the recorder; an unknown operation is refused like a failed one. */
export function hostSpool(op: string, args: unknown[]): Promise<unknown> {
  return Object.prototype.hasOwnProperty.call(OPS, op) ? OPS[op as WidgetSpoolOp](...args) : Promise.reject(new Error(op));
}
