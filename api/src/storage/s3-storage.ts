import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { notFound } from '../errors.ts';
import { assertKey, type ByteRange, type PresignOptions, type Storage, type StoredObject } from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  forcePathStyle: boolean;
}

export function s3ClientConfig(options: S3StorageOptions): S3ClientConfig {
  return {
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    // The SDK's default since 3.729 sends streamed bodies aws-chunked with a trailing CRC checksum, which many
    // S3-compatible servers store verbatim or refuse (s3rver, older MinIO, several hosted ones). Checksums only where
    // an operation requires them is the SDK's earlier behaviour and what every S3 implementation understands.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.accessKeyId && options.secretAccessKey
      ? { credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } }
      : {}),
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client(s3ClientConfig(options));
  }

  async put(key: string, body: Readable | Buffer, options: { contentType?: string } = {}): Promise<StoredObject> {
    // lib-storage's Upload streams in parts, so a body of unknown length never sits whole in memory.
    await new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: assertKey(key), Body: body, ContentType: options.contentType },
    }).done();
    const stored = await this.stat(key);
    if (!stored) throw new Error(`S3 object ${key} missing right after upload`);
    return stored;
  }

  putFile(key: string, filePath: string, options: { contentType?: string } = {}): Promise<StoredObject> {
    return this.put(key, fs.createReadStream(filePath), options);
  }

  async stat(key: string): Promise<StoredObject | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: assertKey(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async getStream(key: string, range?: ByteRange): Promise<Readable> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: assertKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      return object.Body as Readable;
    } catch (error) {
      if (isMissing(error)) throw notFound('File');
      throw error;
    }
  }

  async download(key: string, filePath: string): Promise<void> {
    await pipeline(await this.getStream(key), fs.createWriteStream(filePath));
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: assertKey(key) }));
  }

  presign(key: string, options: PresignOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.options.bucket,
      Key: assertKey(key),
      ...(options.contentDisposition ? { ResponseContentDisposition: options.contentDisposition } : {}),
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
    });
    return getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds });
  }
}
