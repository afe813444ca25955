import type { FastifyReply, FastifyRequest } from 'fastify';
import { create as contentDisposition } from 'content-disposition';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { baseType, downloadName, extensionOf } from './download-name.ts';
import { sendStoredFile } from './send-stored-file.ts';
import type { SubmissionRecord } from './submissions.repository.ts';

/**
 * The recipient's file exactly as uploaded, while it still exists: the finished tus upload before processing takes
 * it in, the stored copy while processing runs or after it failed. Processing deletes the original once the MP4 is
 * stored, and from then on this answers 404 (the MP4 is at /download).
 */
export async function sendOriginal(ctx: AppContext, row: SubmissionRecord, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
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
      reply.header('Content-Type', contentType);
      reply.header('Content-Length', String(upload.size));
      reply.header('Content-Disposition', contentDisposition(attachmentName));
      reply.header('Cache-Control', 'private, max-age=0');
      return reply.send(await ctx.uploads.read(row.upload_id));
    }
  }
  throw new AppError('NOT_FOUND', 'The original upload no longer exists: processing replaced it with the MP4.');
}
