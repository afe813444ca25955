import type { FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import parseRange from 'range-parser';
import type { Storage } from '../../storage/storage.ts';
import { notFound } from '../../errors.ts';
import { setUserContentHeaders } from './user-content-headers.ts';

export interface SendFileOptions {
  key: string;
  /** Decided by the server (media-type.ts), never the recipient's word. */
  contentType: string;
  /** Set for downloads: the browser saves the file under this name. */
  attachmentName?: string;
}

/**
 * Streams a stored object with HTTP Range support (206 for one satisfiable range, 416 otherwise; several ranges are
 * answered whole), or redirects to a short-lived signed URL when the storage can sign one (S3), so video bytes
 * never pass through the API there.
 */
export async function sendStoredFile(storage: Storage, request: FastifyRequest, reply: FastifyReply, options: SendFileOptions): Promise<FastifyReply> {
  setUserContentHeaders(reply);
  const disposition = options.attachmentName ? contentDisposition(options.attachmentName) : 'inline';
  const signed = await storage.presign(options.key, { expiresInSeconds: 300, contentDisposition: disposition, contentType: options.contentType });
  if (signed) {
    reply.header('Cache-Control', 'no-store');
    return reply.redirect(signed, 302);
  }
  const stat = await storage.stat(options.key);
  if (!stat) throw notFound('File');
  reply.header('Accept-Ranges', 'bytes');
  reply.header('Content-Type', options.contentType);
  reply.header('Content-Disposition', disposition);
  reply.header('Cache-Control', 'private, max-age=0');
  const header = request.headers.range;
  const ranges = header ? parseRange(stat.size, header, { combine: true }) : undefined;
  if (ranges === -1) {
    reply.header('Content-Range', `bytes */${stat.size}`);
    return reply.status(416).send();
  }
  if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) {
    const range = ranges[0] as parseRange.Range;
    reply.status(206);
    reply.header('Content-Range', `bytes ${range.start}-${range.end}/${stat.size}`);
    reply.header('Content-Length', String(range.end - range.start + 1));
    return reply.send(await storage.getStream(options.key, range));
  }
  reply.header('Content-Length', String(stat.size));
  return reply.send(await storage.getStream(options.key));
}
