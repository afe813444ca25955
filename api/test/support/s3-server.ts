import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const require = createRequire(import.meta.url);
const S3Error = require('s3rver/lib/models/error') as new (code: string, message?: string, detail?: Record<string, unknown>) => Error;

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point the API at this server. */
  env: Record<string, string>;
  /** Keys of every stored object (multipart uploads in progress excluded). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** The parts of a Koa context these handlers use (s3rver is a Koa app; koa's types are not installed). */
interface Context {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  req: AsyncIterable<Buffer>;
  body: unknown;
  status: number;
}
type Next = () => Promise<unknown>;

interface Store {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  listObjects(bucket: string, options: { prefix?: string; maxKeys?: number }): Promise<{ objects: { key: string }[] }>;
  deleteObject(bucket: string, key: string): Promise<void>;
}

/**
 * s3rver (a maintained S3 server in Node that runs on Node 20) plus the three multipart calls @tus/s3-store makes and
 * s3rver 3.7 lacks: ListParts, AbortMultipartUpload and DeleteObjects. They read and write s3rver's own upload folder
 * (`<bucket>/._S3rver_uploads/<uploadId>/<partNumber>` with a `.md5` beside each part). The alternatives checked on
 * npm either need Node 22 (fauxqs) or lack the same calls (@20minutes/s3rver); MinIO is not an npm or Debian package.
 */
export async function startLocalS3(): Promise<LocalS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-s3-'));
  const bucket = 'showback-test';
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const store = (server as unknown as { store: Store }).store;
  const middleware = (server as unknown as { middleware: ((ctx: Context, next: Next) => Promise<unknown>)[] }).middleware;
  // Before s3rver's router (the last middleware), after its XML encoder of object bodies.
  middleware.splice(middleware.length - 1, 0, async (ctx, next) => {
    const [, bucketName, ...keyParts] = ctx.path.split('/').map((part) => decodeURIComponent(part));
    const key = keyParts.join('/');
    const uploadId = typeof ctx.query.uploadId === 'string' ? ctx.query.uploadId : undefined;
    if (!bucketName) return next();
    const uploadDir = uploadId ? path.join(store.getResourcePath(bucketName, undefined, 'uploads'), path.basename(uploadId)) : '';

    if (ctx.method === 'GET' && key && uploadId) {
      const names = await fs.readdir(uploadDir).catch(() => {
        throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: uploadId });
      });
      const numbers = names.filter((name) => /^\d+$/.test(name)).map(Number).sort((a, b) => a - b);
      const parts = await Promise.all(
        numbers.map(async (n) => {
          const stat = await fs.stat(path.join(uploadDir, String(n)));
          const md5 = (await fs.readFile(path.join(uploadDir, `${n}.md5`), 'utf8')).trim();
          return { PartNumber: n, LastModified: stat.mtime.toISOString(), ETag: `"${md5}"`, Size: stat.size };
        }),
      );
      ctx.body = {
        ListPartsResult: {
          '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' },
          Bucket: bucketName,
          Key: key,
          UploadId: uploadId,
          PartNumberMarker: 0,
          NextPartNumberMarker: numbers.at(-1) ?? 0,
          MaxParts: 10000,
          IsTruncated: false,
          ...(parts.length > 0 ? { Part: parts } : {}),
        },
      };
      return;
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      await fs.rm(uploadDir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'POST' && !key && 'delete' in ctx.query) {
      let xml = '';
      for await (const chunk of ctx.req) xml += (chunk as Buffer).toString();
      const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => unescapeXml(m[1]!));
      for (const k of keys) await store.deleteObject(bucketName, k).catch(() => {});
      ctx.body = { DeleteResult: { '@': { xmlns: 'http://s3.amazonaws.com/doc/2006-03-01/' }, ...(keys.length > 0 ? { Deleted: keys.map((k) => ({ Key: k })) } : {}) } };
      return;
    }
    return next();
  });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: 'us-east-1', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER', S3_FORCE_PATH_STYLE: 'true' },
    keys: async () => (await store.listObjects(bucket, { maxKeys: 100_000 })).objects.map((o) => o.key).sort(),
    close: async () => {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

function unescapeXml(text: string): string {
  return text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
}
