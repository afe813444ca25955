import type { Readable } from 'node:stream';

/** A byte range, both ends inclusive, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

export interface PresignOptions {
  expiresInSeconds: number;
  /** `Content-Disposition` the storage should answer with (attachment downloads). */
  contentDisposition?: string;
  contentType?: string;
}

/**
 * Where videos and posters live: local disk by default, S3-compatible storage when configured.
 * Keys are relative paths of `[a-z0-9/._-]`; callers never build file-system paths themselves.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Readable | Buffer, options?: { contentType?: string }): Promise<StoredObject>;
  /** Copies a local file in (ffmpeg output, temp files). */
  putFile(key: string, filePath: string, options?: { contentType?: string }): Promise<StoredObject>;
  stat(key: string): Promise<StoredObject | undefined>;
  /** A stream of the object or of one range of it; throws NOT_FOUND when the key is missing. */
  getStream(key: string, range?: ByteRange): Promise<Readable>;
  /** Writes the object to a local file (for tools such as ffmpeg that need a seekable input). */
  download(key: string, filePath: string): Promise<void>;
  delete(key: string): Promise<void>;
  /** A short-lived URL clients can fetch directly; undefined when the storage cannot sign (local disk). */
  presign(key: string, options: PresignOptions): Promise<string | undefined>;
}

const KEY = /^[a-z0-9][a-z0-9/._-]*$/i;

export function assertKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`Invalid storage key: ${key}`);
  }
  return key;
}
