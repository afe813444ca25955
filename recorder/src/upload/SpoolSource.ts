import type { Spool, SpooledRecording } from './spool.ts';

/** What tus-js-client's `fileReader.openFile` must return. */
export interface TusSource {
  size: number | null;
  slice(start: number, end: number): Promise<{ value: Blob | null; done: boolean }>;
  close(): void;
}

/**
 * tus reads the recording from the spool, not from memory: any offset the server asks to resume from can be served
 * again, and the page holds no more than one PATCH worth of video. While recording it hands out what has arrived
 * after `flushMs` instead of waiting for a full chunk, so the upload trails the recording by seconds.
 */
export class SpoolSource implements TusSource {
  size: number | null = null;
  private closed = false;

  constructor(
    private readonly spool: Spool,
    private readonly id: string,
    private readonly flushMs = 1500,
  ) {}

  async slice(start: number, end: number): Promise<{ value: Blob | null; done: boolean }> {
    const since = Date.now();
    for (;;) {
      if (this.closed) throw new Error('upload source closed');
      const rec = await this.spool.get(this.id);
      if (!rec) throw new Error('the local recording was deleted');
      if (rec.finished) {
        this.size = rec.bytes;
        if (start >= rec.bytes) return { value: null, done: true };
        const stop = Math.min(end, rec.bytes);
        return { value: await this.spool.read(this.id, start, stop), done: stop >= rec.bytes };
      }
      if (rec.bytes >= end) return { value: await this.spool.read(this.id, start, end), done: false };
      if (rec.bytes > start && Date.now() - since >= this.flushMs) {
        return { value: await this.spool.read(this.id, start, rec.bytes), done: false };
      }
      await this.nextChange(rec, Math.max(50, this.flushMs - (Date.now() - since)));
    }
  }

  close(): void {
    this.closed = true;
  }

  private nextChange(current: SpooledRecording, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      const unsubscribe = this.spool.subscribe(this.id, (rec) => {
        if (rec.finished !== current.finished || rec.bytes !== current.bytes) done();
      });
    });
  }
}
