import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { submissionFileName } from './download-name.ts';
import { mediaTypeOf, readHead, storedMediaType, type MediaType } from './media-type.ts';
import { sendStoredFile } from './send-stored-file.ts';
import { findSubmission, type SubmissionRecord } from './submissions.repository.ts';
import { setUserContentHeaders } from './user-content-headers.ts';

/**
 * The finished upload, opened. The disk store opens its file lazily, and processing may take the upload in (and
 * remove it) between our look-up and the first read, so only answer with it once the file is really open.
 */
async function openUpload(ctx: AppContext, uploadId: string): Promise<Readable | undefined> {
  try {
    const stream = await ctx.uploads.read(uploadId);
    if (stream instanceof fs.ReadStream && stream.pending) await once(stream, 'ready');
    return stream;
  } catch {
    return undefined;
  }
}

/** The type of a finished upload from its first bytes; undefined when it cannot be opened (taken in meanwhile). */
async function uploadMediaType(ctx: AppContext, uploadId: string): Promise<MediaType | undefined> {
  const stream = await openUpload(ctx, uploadId);
  return stream && mediaTypeOf(await readHead(stream));
}

/**
 * The recipient's file exactly as uploaded, while it still exists: the finished tus upload before processing takes
 * it in, the stored copy while processing runs or after it failed. Processing deletes the original once the MP4 is
 * stored, and from then on this answers 404 (the MP4 is at /download).
 */
export async function sendOriginal(
  ctx: AppContext,
  row: SubmissionRecord,
  request: FastifyRequest,
  reply: FastifyReply,
  afterTakeIn = false,
): Promise<FastifyReply> {
  if (row.original_key && (await ctx.storage.stat(row.original_key))) {
    const type = await storedMediaType(ctx.storage, row.original_key);
    return sendStoredFile(ctx.storage, request, reply, { key: row.original_key, contentType: type.contentType, attachmentName: submissionFileName(row, type.extension) });
  }
  if (!row.video_key) {
    const upload = await ctx.uploads.find(row.upload_id);
    if (upload && upload.size !== undefined && upload.offset === upload.size) {
      const type = await uploadMediaType(ctx, row.upload_id);
      const stream = type && (await openUpload(ctx, row.upload_id));
      if (type && stream) {
        setUserContentHeaders(reply);
        reply.header('Content-Type', type.contentType);
        reply.header('Content-Length', String(upload.size));
        reply.header('Content-Disposition', contentDisposition(submissionFileName(row, type.extension)));
        reply.header('Cache-Control', 'private, max-age=0');
        return reply.send(stream);
      }
      // Processing took the upload in meanwhile: the row now names the stored copy.
      const fresh = afterTakeIn ? undefined : await findSubmission(ctx.db, row.account_id, row.id);
      if (fresh) return sendOriginal(ctx, fresh, request, reply, true);
    }
  }
  throw new AppError('NOT_FOUND', 'The original upload no longer exists: processing replaced it with the MP4.');
}
