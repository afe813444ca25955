import { STATUS_CODES } from 'node:http';
import { Server } from '@tus/server';
import { ACCEPTED_VIDEO_TYPES, ERROR_STATUS, type ErrorCode } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { UPLOAD_PATH } from '../requests/requests.service.ts';
import { resolveToken } from '../requests/resolve-token.ts';
import type { EarlyProcessing } from './early-processing.ts';
import { insertUpload, uploadExists } from './uploads.repository.ts';

/** tus hooks answer by throwing { status_code, body }; ours carry the API's one JSON error body. */
function tusError(code: ErrorCode, message: string, details?: unknown): { status_code: number; body: string } {
  const status = ERROR_STATUS[code];
  return { status_code: status, body: JSON.stringify({ statusCode: status, code, error: STATUS_CODES[status] ?? 'Error', message, ...(details === undefined ? {} : { details }) }) };
}

const TUS_CODES: Record<number, ErrorCode> = { 400: 'BAD_REQUEST', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 410: 'LINK_REVOKED', 412: 'PRECONDITION_FAILED', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE' };

/** A plain-text tus refusal ("Invalid upload-length") as the one error body, keeping its status where we have a code for it. */
function fromTusText(status: number, text: string): { status_code: number; body: string } {
  const code = TUS_CODES[status];
  if (!code) return tusError('BAD_REQUEST', text.trim() || 'This upload request is not valid.');
  return { status_code: status, body: JSON.stringify({ statusCode: status, code, error: STATUS_CODES[status] ?? 'Error', message: text.trim() }) };
}

/**
 * tus answers some refusals itself, before any hook, in plain text (a missing Tus-Resumable header, a malformed
 * Upload-Length or Upload-Metadata); every error leaving /uploads carries the one JSON body instead.
 */
export async function inOneErrorShape(response: Response): Promise<Response> {
  if (response.status < 400) return response;
  const text = await response.text();
  const error = text.startsWith('{') ? { status_code: response.status, body: text } : fromTusText(response.status, text);
  const headers = new Headers(response.headers);
  headers.set('Content-Type', 'application/json; charset=utf-8');
  headers.set('Content-Length', String(Buffer.byteLength(error.body)));
  return new Response(error.body, { status: error.status_code, headers });
}

export function isAcceptedType(type: string | null | undefined): boolean {
  const base = type?.split(';')[0]?.trim().toLowerCase();
  return base !== undefined && (ACCEPTED_VIDEO_TYPES as readonly string[]).includes(base);
}

/**
 * The tus endpoint recipients upload to. An upload is created only with a live request token in its metadata and an
 * accepted video type; later requests are authorised by the (random, 128-bit) upload id, which must be one we issued.
 */
export function createTusServer(ctx: AppContext, early: EarlyProcessing): Server {
  return new Server({
    path: UPLOAD_PATH,
    relativeLocation: true,
    datastore: ctx.uploads.datastore,
    locker: ctx.uploads.locker,
    maxSize: ctx.config.maxUploadBytes,
    // Uploads of a submitted recording belong to the processing job.
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(_req, upload) {
      const { token, ...metadata } = upload.metadata ?? {};
      let request;
      try {
        request = await resolveToken(ctx, token);
      } catch (error) {
        if (error instanceof AppError) throw tusError(error.code, error.message, error.details);
        throw error;
      }
      if (upload.size === 0) throw tusError('RECORDING_EMPTY', 'The recording is empty: there is nothing to upload.');
      if (!isAcceptedType(metadata.filetype)) {
        throw tusError('UNSUPPORTED_MEDIA_TYPE', `Only video files can be uploaded (${ACCEPTED_VIDEO_TYPES.join(', ')}).`);
      }
      await insertUpload(ctx.db, {
        id: upload.id,
        request_id: request.id,
        account_id: request.account_id,
        filename: metadata.filename?.slice(0, 500) ?? null,
        filetype: (metadata.filetype as string).slice(0, 200),
      });
      // The token is a credential: keep it out of the stored upload metadata.
      return { metadata: { ...metadata, request_id: request.id } };
    },
    // Answered once the early result is stored (or given up), so a submission made after this answer finds it.
    async onUploadFinish(_req, upload) {
      await early.finished(upload);
      return {};
    },
    async onIncomingRequest(req, id) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      if (!(await uploadExists(ctx.db, id))) throw tusError('NOT_FOUND', 'This upload does not exist.');
    },
    onResponseError(_req, error) {
      const status = 'status_code' in error ? error.status_code : 500;
      const body = 'body' in error ? error.body : '';
      if (body.startsWith('{')) return { status_code: status, body };
      // 501: a tus extension the client asked for that this server does not offer (concatenation, say): the client's request.
      if (status === 501) return tusError('BAD_REQUEST', 'This upload feature is not supported. Upload the file as one upload.');
      if (status >= 500) return tusError('INTERNAL', 'The upload could not be stored. Please try again.');
      if (status === 413) return tusError('PAYLOAD_TOO_LARGE', `The recording is larger than the ${Math.floor(ctx.config.maxUploadBytes / 1024 / 1024)} MB this link accepts.`);
      return fromTusText(status, body);
    },
  });
}
