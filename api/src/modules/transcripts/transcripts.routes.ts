import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { EditTranscriptSegmentBodySchema, ErrorBodySchema, TranscriptSchema, type TranscriptSegment } from '@showback/contract';
import { create as contentDisposition } from 'content-disposition';
import { requireUser } from '../../plugins/auth.ts';
import { toPlainText, toWebVtt } from '../../transcription/captions.ts';
import { setUserContentHeaders } from '../submissions/user-content-headers.ts';
import * as service from './transcripts.service.ts';

/** The captions of a ready transcript as a WebVTT file (to save, with `download`); the shared page's track too. */
export function sendCaptions(reply: FastifyReply, { segments, title }: { segments: TranscriptSegment[]; title: string }, download?: boolean): FastifyReply {
  reply.header('Cache-Control', 'private, no-cache');
  setUserContentHeaders(reply);
  if (download) reply.header('Content-Disposition', contentDisposition(`${title}.vtt`));
  return reply.type('text/vtt; charset=utf-8').send(toWebVtt(segments));
}

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const transcriptsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['submissions'];

  app.get('/api/v1/submissions/:id/transcript', {
    config: { permission: 'recordings.read' },
    schema: { tags, params: IdParams, response: { 200: TranscriptSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getTranscript(app.ctx, request.user.accountId, request.params.id));

  app.post('/api/v1/submissions/:id/transcript', {
    preValidation: requireUser,
    schema: { tags, params: IdParams, response: { 202: TranscriptSchema, 404: ErrorBodySchema, 409: ErrorBodySchema } },
  }, async (request, reply) => {
    reply.status(202);
    return service.retryTranscript(app.ctx, request.user.accountId, request.params.id);
  });

  // An owner's correction of one segment: no recogniser is perfect.
  app.patch('/api/v1/submissions/:id/transcript/segments/:index', {
    preValidation: requireUser,
    schema: {
      tags,
      params: Type.Object({ id: Type.String({ format: 'uuid' }), index: Type.Integer({ minimum: 0, maximum: 100_000 }) }),
      body: EditTranscriptSegmentBodySchema,
      response: { 200: TranscriptSchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema },
    },
  }, async (request) => service.editSegment(app.ctx, request.user.accountId, request.params.id, request.params.index, request.body.text));

  // The player's captions track (<track src>), and with ?download=1 the file a person saves.
  app.get('/api/v1/submissions/:id/captions.vtt', {
    config: { permission: 'recordings.read' },
    schema: { tags, params: IdParams, querystring: Type.Object({ download: Type.Optional(Type.Boolean()) }) },
  }, async (request, reply) => {
    return sendCaptions(reply, await service.readySegments(app.ctx, request.user.accountId, request.params.id), request.query.download);
  });

  app.get('/api/v1/submissions/:id/transcript.txt', {
    config: { permission: 'recordings.read' },
    schema: { tags, params: IdParams },
  }, async (request, reply) => {
    const { segments, title } = await service.readySegments(app.ctx, request.user.accountId, request.params.id);
    reply.header('Cache-Control', 'private, no-cache');
    setUserContentHeaders(reply);
    reply.header('Content-Disposition', contentDisposition(`${title}.txt`));
    return reply.type('text/plain; charset=utf-8').send(toPlainText(segments));
  });
};
