import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { MemoryLocker } from '@tus/server';
import type { DataStore, KvStore, Locker, Upload } from '@tus/utils';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/database.ts';
import { s3ClientConfig } from '../../storage/s3-storage.ts';
import { PostgresLocker } from './postgres-locker.ts';

/**
 * Where tus keeps uploads in progress. Offsets and metadata live in the store itself (files in DATA_DIR/uploads or
 * objects in the bucket), never in a process's memory, so any API process can continue any upload.
 */
export interface UploadStore {
  datastore: DataStore;
  locker: Locker;
  /** The upload when it exists, with its offset and size. */
  find(id: string): Promise<Upload | undefined>;
  read(id: string): Promise<Readable>;
  /** The file holding the upload's bytes so far, when the store is a local folder (undefined on S3). */
  localPath(id: string): string | undefined;
  remove(id: string): Promise<void>;
  close(): Promise<void>;
}

// S3Store caches upload metadata per process; another process could then miss a length declared elsewhere.
const noCache: KvStore<never> = { get: async () => undefined, set: async () => {}, delete: async () => {} };

/** tus answers 404 for an unknown upload and 410 when its record outlived its bytes (removed half-way). */
function isGone(error: unknown): boolean {
  const status = (error as { status_code?: number }).status_code;
  return status === 404 || status === 410;
}

export async function createUploadStore(config: Readonly<Config>, database: Pick<DatabaseHandle, 'kind' | 'connectionString'>): Promise<UploadStore> {
  let datastore: DataStore;
  let read: (id: string) => Promise<Readable>;
  let localPath: (id: string) => string | undefined = () => undefined;
  if (config.s3) {
    const store = new S3Store({
      partSize: 8 * 1024 * 1024,
      cache: noCache,
      s3ClientConfig: { bucket: config.s3.bucket, ...s3ClientConfig(config.s3) },
    });
    datastore = store;
    read = (id) => store.read(id);
  } else {
    const directory = path.join(config.dataDir, 'uploads');
    await fs.mkdir(directory, { recursive: true });
    const store = new FileStore({ directory });
    datastore = store;
    read = async (id) => store.read(id);
    localPath = (id) => path.join(directory, id);
  }
  // Chosen by the database actually in use (tests hand buildApp an open Postgres handle without DATABASE_URL):
  // several processes can only share a Postgres; PGlite is one process by construction, so memory locks suffice.
  let locker: Locker = new MemoryLocker();
  let close = async (): Promise<void> => {};
  if (database.kind === 'postgres') {
    if (!database.connectionString) throw new Error('A Postgres database handle must carry its connection string for the upload locker');
    const pgLocker = new PostgresLocker({ connectionString: database.connectionString });
    await pgLocker.start();
    locker = pgLocker;
    close = () => pgLocker.close();
  }
  return {
    datastore,
    locker,
    async find(id) {
      try {
        return await datastore.getUpload(id);
      } catch (error) {
        if (isGone(error)) return undefined;
        throw error;
      }
    },
    read,
    localPath,
    async remove(id) {
      try {
        await datastore.remove(id);
      } catch (error) {
        if (!isGone(error)) throw error;
      }
    },
    close,
  };
}
