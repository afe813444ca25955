import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalStorage } from '../src/storage/local-storage.ts';
import { S3Storage } from '../src/storage/s3-storage.ts';
import type { Storage } from '../src/storage/storage.ts';
import { startLocalS3, type LocalS3 } from './support/s3-server.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Yields the data in pieces with pauses, then optionally fails: a slow upload, or one whose client goes away. */
function trickle(data: Buffer, options: { pieces?: number; delayMs?: number; failAfter?: number } = {}): Readable {
  const pieces = options.pieces ?? 4;
  const size = Math.ceil(data.length / pieces);
  return Readable.from(
    (async function* () {
      for (let i = 0; i < pieces; i++) {
        if (options.failAfter === i) throw new Error('client went away');
        yield data.subarray(i * size, (i + 1) * size);
        await new Promise((r) => setTimeout(r, options.delayMs ?? 50));
      }
    })(),
  );
}

const BAD_KEYS = ['../outside', 'a/../../outside', '/etc/passwd', 'a//b', 'a/./b', 'a\\..\\b', '', '.hidden/../x'];

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  let storage: Storage;
  let root: string;
  let s3: LocalS3 | undefined;
  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-storage-'));
    if (kind === 'local') {
      storage = new LocalStorage(path.join(root, 'files'));
    } else {
      s3 = await startLocalS3();
      storage = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    }
  });
  afterAll(async () => {
    await s3?.close();
    await fs.rm(root, { recursive: true, force: true });
  });

  /** Everything under the storage root: objects plus whatever temp files a write left behind. */
  async function leftovers(): Promise<string[]> {
    if (s3) return s3.keys();
    const files = await fs.readdir(path.join(root, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
    return files.filter((f) => f.isFile()).map((f) => path.relative(path.join(root, 'files'), path.join(f.parentPath, f.name))).sort();
  }

  it('stores from a stream, a buffer and a file; stats and reads whole or by byte range', async () => {
    const data = crypto.randomBytes(300_000);
    const key = `submissions/${crypto.randomUUID()}/video.mp4`;
    expect(await storage.put(key, trickle(data), { contentType: 'video/mp4' })).toEqual({ size: data.length, contentType: 'video/mp4' });
    expect(await storage.stat(key)).toEqual({ size: data.length, contentType: 'video/mp4' });
    expect((await readAll(await storage.getStream(key))).equals(data)).toBe(true);
    expect((await readAll(await storage.getStream(key, { start: 0, end: 1 }))).equals(data.subarray(0, 2))).toBe(true);
    expect((await readAll(await storage.getStream(key, { start: 1000, end: 1999 }))).equals(data.subarray(1000, 2000))).toBe(true);
    expect((await readAll(await storage.getStream(key, { start: data.length - 10, end: data.length - 1 }))).equals(data.subarray(-10))).toBe(true);

    const small = `submissions/${crypto.randomUUID()}/poster.jpg`;
    await storage.put(small, Buffer.from('jpeg bytes'), { contentType: 'image/jpeg' });
    expect((await readAll(await storage.getStream(small))).toString()).toBe('jpeg bytes');
    const local = path.join(root, 'copy-source');
    await fs.writeFile(local, data.subarray(0, 5000));
    const copied = `submissions/${crypto.randomUUID()}/original`;
    expect((await storage.putFile(copied, local)).size).toBe(5000);
    const back = path.join(root, 'copy-back');
    await storage.download(copied, back);
    expect((await fs.readFile(back)).equals(data.subarray(0, 5000))).toBe(true);

    expect(await storage.stat('submissions/missing/video.mp4')).toBeUndefined();
    await expect(storage.getStream('submissions/missing/video.mp4')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('writes atomically: readers see the old object until the new one is whole; a failed write leaves nothing', async () => {
    const key = `submissions/${crypto.randomUUID()}/video.mp4`;
    const first = crypto.randomBytes(100_000);
    const second = crypto.randomBytes(120_000);
    await storage.put(key, first);
    const writing = storage.put(key, trickle(second, { pieces: 5, delayMs: 60 }));
    await new Promise((r) => setTimeout(r, 100));
    expect((await readAll(await storage.getStream(key))).equals(first), 'read during the write').toBe(true);
    await writing;
    expect((await readAll(await storage.getStream(key))).equals(second)).toBe(true);

    await expect(storage.put(key, trickle(crypto.randomBytes(50_000), { failAfter: 2 }))).rejects.toThrow(/client went away/);
    expect((await readAll(await storage.getStream(key))).equals(second), 'after a failed overwrite').toBe(true);
    const fresh = `submissions/${crypto.randomUUID()}/video.mp4`;
    await expect(storage.put(fresh, trickle(crypto.randomBytes(50_000), { failAfter: 1 }))).rejects.toThrow();
    expect(await storage.stat(fresh)).toBeUndefined();
    expect((await leftovers()).filter((name) => name.includes('.tmp') || name.startsWith(fresh))).toEqual([]);
  });

  it('deletes objects (and is quiet about missing ones)', async () => {
    const key = `submissions/${crypto.randomUUID()}/poster.jpg`;
    await storage.put(key, Buffer.from('x'), { contentType: 'image/jpeg' });
    await storage.delete(key);
    expect(await storage.stat(key)).toBeUndefined();
    await expect(storage.getStream(key)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await storage.delete(key);
    expect((await leftovers()).filter((name) => name.startsWith(key))).toEqual([]);
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of BAD_KEYS) {
      await expect(storage.put(key, Buffer.from('evil')), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.stat(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.getStream(key), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(key), key).rejects.toThrow(/Invalid storage key/);
    }
    await expect(fs.access(path.join(root, 'outside'))).rejects.toThrow();
  });
});
