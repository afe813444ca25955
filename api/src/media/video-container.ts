import type { Readable } from 'node:stream';

/** Enough of a file's start to recognise its container. */
export const CONTAINER_HEAD_BYTES = 12;

// ISO base media (MP4, Safari's fragmented MP4, QuickTime) opens with a box whose type sits at bytes 4–7.
const ISO_BOXES = new Set(['ftyp', 'moov', 'moof', 'mdat', 'free', 'skip', 'wide', 'styp']);

/**
 * Whether `head` opens a container the processing job can read: ISO base media, Matroska/WebM (EBML magic) or Ogg.
 * Checked on the bytes, not the declared type: a browser that recorded nothing useful, or a renamed file, is refused
 * at submission with a code the recorder explains, instead of reaching the owner as a failed recording.
 */
export function isVideoContainer(head: Buffer): boolean {
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return true;
  if (head.length >= 4 && head.toString('latin1', 0, 4) === 'OggS') return true;
  return head.length >= 8 && ISO_BOXES.has(head.toString('latin1', 4, 8));
}

/** The first `bytes` of a stream (fewer when it is shorter); the rest is not read. */
export async function readHead(stream: Readable, bytes = CONTAINER_HEAD_BYTES): Promise<Buffer> {
  const parts: Buffer[] = [];
  let got = 0;
  try {
    for await (const chunk of stream) {
      parts.push(chunk as Buffer);
      got += (chunk as Buffer).length;
      if (got >= bytes) break;
    }
  } finally {
    stream.destroy();
  }
  return Buffer.concat(parts).subarray(0, bytes);
}
