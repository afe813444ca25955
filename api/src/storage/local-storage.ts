import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { notFound } from '../errors.ts';
import { assertKey, type ByteRange, type Storage, type StoredObject } from './storage.ts';

/**
 * Objects as files under one root. Writes go to a temp name and are renamed into place, so a reader never sees
 * half a file and a crash leaves no partial object behind. Content types sit in a `.type` file beside the object.
 */
export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, assertKey(key));
  }

  private async commit(key: string, write: (tmp: string) => Promise<void>, contentType: string | undefined): Promise<StoredObject> {
    const target = this.pathOf(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${crypto.randomUUID()}.tmp`;
    try {
      await write(tmp);
      if (contentType) await fsp.writeFile(`${target}.type`, contentType);
      else await fsp.rm(`${target}.type`, { force: true });
      await fsp.rename(tmp, target);
    } catch (error) {
      await fsp.rm(tmp, { force: true });
      throw error;
    }
    const { size } = await fsp.stat(target);
    return { size, contentType };
  }

  put(key: string, body: Readable | Buffer, options: { contentType?: string } = {}): Promise<StoredObject> {
    return this.commit(key, async (tmp) => {
      if (Buffer.isBuffer(body)) await fsp.writeFile(tmp, body);
      else await pipeline(body, fs.createWriteStream(tmp));
    }, options.contentType);
  }

  putFile(key: string, filePath: string, options: { contentType?: string } = {}): Promise<StoredObject> {
    return this.commit(key, (tmp) => fsp.copyFile(filePath, tmp), options.contentType);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    const target = this.pathOf(key);
    try {
      const { size } = await fsp.stat(target);
      const contentType = await fsp.readFile(`${target}.type`, 'utf8').catch(() => undefined);
      return { size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    const target = this.pathOf(key);
    const handle = await fsp.open(target, 'r').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') throw notFound('File');
      throw error;
    });
    return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
  }

  async download(key: string, filePath: string): Promise<void> {
    await pipeline(await this.getStream(key), fs.createWriteStream(filePath));
  }

  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fsp.rm(target, { force: true });
    await fsp.rm(`${target}.type`, { force: true });
  }

  async presign(): Promise<string | undefined> {
    return undefined;
  }
}
