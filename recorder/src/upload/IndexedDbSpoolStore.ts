import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { SpooledRecording, SpoolStore } from './spool.ts';

interface ChunkRow {
  recordingId: string;
  seq: number;
  data: ArrayBuffer;
}

interface SpoolSchema extends DBSchema {
  recordings: { key: string; value: SpooledRecording; indexes: { token: string } };
  chunks: { key: [string, number]; value: ChunkRow };
}

/** The spool in this origin's IndexedDB: outlives a reload or a crash of the page. */
export class IndexedDbSpoolStore implements SpoolStore {
  readonly keeping = 'device';

  private constructor(private readonly db: IDBPDatabase<SpoolSchema>) {}

  static async open(name: string): Promise<IndexedDbSpoolStore> {
    const db = await openDB<SpoolSchema>(name, 1, {
      upgrade(d) {
        const recordings = d.createObjectStore('recordings', { keyPath: 'id' });
        recordings.createIndex('token', 'token');
        d.createObjectStore('chunks', { keyPath: ['recordingId', 'seq'] });
      },
    });
    return new IndexedDbSpoolStore(db);
  }

  close(): void {
    this.db.close();
  }

  async add(rec: SpooledRecording): Promise<void> {
    await this.db.add('recordings', rec);
  }

  get(id: string): Promise<SpooledRecording | undefined> {
    return this.db.get('recordings', id);
  }

  all(): Promise<SpooledRecording[]> {
    return this.db.getAll('recordings');
  }

  async put(rec: SpooledRecording): Promise<void> {
    await this.db.put('recordings', rec);
  }

  async putChunk(rec: SpooledRecording, seq: number, data: ArrayBuffer): Promise<void> {
    const tx = this.db.transaction(['recordings', 'chunks'], 'readwrite');
    await tx.objectStore('chunks').put({ recordingId: rec.id, seq, data });
    await tx.objectStore('recordings').put(rec);
    await tx.done;
  }

  async chunks(id: string, first: number, last: number): Promise<ArrayBuffer[]> {
    return (await this.db.getAll('chunks', IDBKeyRange.bound([id, first], [id, last]))).map((row) => row.data);
  }

  async delete(id: string): Promise<void> {
    const tx = this.db.transaction(['recordings', 'chunks'], 'readwrite');
    await tx.objectStore('chunks').delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]));
    await tx.objectStore('recordings').delete(id);
    await tx.done;
  }
}
