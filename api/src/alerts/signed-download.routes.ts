import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema } from '@showback/contract';
import { AppError } from '../errors.ts';
import { findSubmissionById } from '../modules/submissions/submissions.repository.ts';
import { sendStoredFile } from '../modules/submissions/send-stored-file.ts';
import { checkSignedDownload } from './signed-download.ts';

/** The MP4 and poster links that alerts carry (signed-download.ts): no session, only an unexpired signature. */
export const signedDownloadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v1/public/submissions/:id/:file', {
    schema: {
      tags: ['alerts'],
      params: Type.Object({ id: Type.String({ format: 'uuid' }), file: Type.Union([Type.Literal('video'), Type.Literal('poster')]) }),
      querystring: Type.Object({ expires: Type.Integer({ minimum: 0, maximum: 2 ** 40 }), signature: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) }),
      response: { 403: ErrorBodySchema, 404: ErrorBodySchema },
    },
  }, async (request, reply) => {
    const { id, file } = request.params;
    if (!checkSignedDownload(app.ctx, id, file, request.query.expires, request.query.signature)) {
      throw new AppError('FORBIDDEN', 'This link has expired or is not valid. Open the recording in the dashboard instead.');
    }
    const row = await findSubmissionById(app.ctx.db, id);
    const key = file === 'video' ? row?.video_key : row?.poster_key;
    if (!row || !key) throw new AppError('NOT_FOUND', 'This recording is no longer available.');
    return file === 'video'
      ? sendStoredFile(app.ctx.storage, request, reply, { key, contentType: 'video/mp4', attachmentName: `recording-${id}.mp4` })
      : sendStoredFile(app.ctx.storage, request, reply, { key, contentType: 'image/jpeg' });
  });
};
