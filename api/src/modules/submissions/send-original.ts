import { once } from 'node:events';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { baseType, downloadName, extensionOf } from './download-name.ts';
import { sendStoredFile } from './send-stored-file.ts';
import { findSubmission, type SubmissionRecord } from './submissions.repository.ts';

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
  const contentType = baseType(row.mime_type);
  const attachmentName = downloadName({
    title: row.request_title,
    recipient: row.recipient_name ?? row.recipient_email,
    createdAt: row.created_at,
    extension: extensionOf(row.mime_type),
  });
  if (row.original_key && (await ctx.storage.stat(row.original_key))) {
    return sendStoredFile(ctx.storage, request, reply, { key: row.original_key, contentType, attachmentName });
  }
  if (!row.video_key) {
    const upload = await ctx.uploads.find(row.upload_id);
    if (upload && upload.size !== undefined && upload.offset === upload.size) {
      const stream = await openUpload(ctx, row.upload_id);
      if (stream) {
        reply.header('Content-Type', contentType);
        reply.header('Content-Length', String(upload.size));
        reply.header('Content-Disposition', contentDisposition(attachmentName));
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
