import type { Readable } from 'node:stream';
import type { Storage } from '../../storage/storage.ts';

/** The type user content is served with: found by the server, never taken from what the recipient said. */
export interface MediaType {
  contentType: string;
  extension: string;
  /** A video container we recognise: may play inline. Anything else is only ever a download. */
  playable: boolean;
}

const video = (contentType: string, extension: string): MediaType => ({ contentType, extension, playable: true });
export const MP4 = video('video/mp4', 'mp4');
const QUICKTIME = video('video/quicktime', 'mov');
const WEBM = video('video/webm', 'webm');
const MATROSKA = video('video/x-matroska', 'mkv');
const OGG = video('video/ogg', 'ogv');
export const DOWNLOAD_ONLY: MediaType = { contentType: 'application/octet-stream', extension: 'bin', playable: false };

/** Enough of a file's start for the signatures below (the EBML DocType sits within the first 40 bytes). */
export const HEAD_BYTES = 64;
const EBML_MAGIC = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);

/**
 * The container of an uploaded file from its first bytes, for the video types uploads are accepted in; anything else
 * (HTML or script labelled video/mp4, say) is DOWNLOAD_ONLY. Four signatures, so no file-type library.
 */
export function mediaTypeOf(head: Buffer): MediaType {
  // ISO base media (MP4, QuickTime): an `ftyp` box first, whose major brand tells them apart.
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') return head.toString('latin1', 8, 12) === 'qt  ' ? QUICKTIME : MP4;
  if (head.subarray(0, 4).equals(EBML_MAGIC)) return head.includes('webm', 4, 'latin1') ? WEBM : MATROSKA;
  if (head.toString('latin1', 0, 4) === 'OggS') return OGG;
  return DOWNLOAD_ONLY;
}

/** The first HEAD_BYTES of a stream (fewer for a shorter file); the stream is closed after. */
export async function readHead(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  try {
    for await (const chunk of stream) {
      chunks.push(chunk as Buffer);
      length += (chunk as Buffer).length;
      if (length >= HEAD_BYTES) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(chunks).subarray(0, HEAD_BYTES);
}

/** The type of a stored original, from its first bytes. */
export async function storedMediaType(storage: Storage, key: string): Promise<MediaType> {
  try {
    return mediaTypeOf(await readHead(await storage.getStream(key, { start: 0, end: HEAD_BYTES - 1 })));
  } catch {
    // An empty object (S3 refuses any range of it) is no video; a missing one is answered by the caller's 404.
    return DOWNLOAD_ONLY;
  }
}
