import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreatedSubmissionSchema, CreateSubmissionSchema, ErrorBodySchema, ListSubmissionsQuerySchema, PosterQuerySchema, SubmissionListSchema, SubmissionSchema, type SubmissionList } from '@showback/contract';
import { AppError } from '../../errors.ts';
import { thumbnailKey } from '../../media/make-poster.ts';
import { requireUser } from '../../plugins/auth.ts';
import { submissionFileName } from './download-name.ts';
import { playable } from './playable.ts';
import { sendOriginal } from './send-original.ts';
import { sendStoredFile } from './send-stored-file.ts';
import * as service from './submissions.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

export const submissionsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['submissions'];

  app.post('/api/v1/public/requests/:token/submissions', {
    config: { csrf: false },
    // Widget submissions carry the host page's events (up to WIDGET_LIMITS.maxContextBytes) besides the fields.
    bodyLimit: 3 * 1024 * 1024,
    schema: {
      tags: ['recorder'],
      params: TokenParams,
      body: CreateSubmissionSchema,
      response: { 201: CreatedSubmissionSchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 410: ErrorBodySchema },
    },
  }, async (request, reply) => {
    reply.status(201);
    return service.createSubmission(app.ctx, request.params.token, request.body);
  });

  app.get('/api/v1/submissions', {
    config: { permission: 'recordings.read' },
    schema: { tags, querystring: ListSubmissionsQuerySchema, response: { 200: SubmissionListSchema } },
  }, async (request, reply) => {
    // The route's own serializer (fast-json-stringify of the response schema: text) writes the page; Fastify sends text
    // with a JSON content type as it is, which the type provider's schema-typed send() cannot express.
    const body = await service.listSubmissionsJson(app.ctx, request.user, request.query, (list) => reply.serialize(list) as string);
    return reply.type('application/json; charset=utf-8').send(body as unknown as SubmissionList);
  });

  app.get('/api/v1/submissions/:id', {
    config: { permission: 'recordings.read' },
    schema: { tags, params: IdParams, response: { 200: SubmissionSchema, 404: ErrorBodySchema } },
  }, async (request) => service.toSubmission(await service.getSubmissionRecord(app.ctx, request.user.accountId, request.params.id)));

  app.delete('/api/v1/submissions/:id', {
    preValidation: requireUser,
    schema: { tags, params: IdParams, response: { 204: Type.Null(), 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.deleteSubmission(app.ctx, request.user.accountId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/submissions/:id/video', { config: { permission: 'recordings.read' }, schema: { tags, params: IdParams } }, async (request, reply) => {
    const row = await service.getSubmissionRecord(app.ctx, request.user.accountId, request.params.id);
    const { key, type } = await playable(app.ctx.storage, row);
    // An original that is no video we know is never shown inline, only saved.
    return sendStoredFile(app.ctx.storage, request, reply, { key, contentType: type.contentType, attachmentName: type.playable ? undefined : submissionFileName(row, type.extension) });
  });

  app.get('/api/v1/submissions/:id/download', { config: { permission: 'recordings.read' }, schema: { tags, params: IdParams } }, async (request, reply) => {
    const row = await service.getSubmissionRecord(app.ctx, request.user.accountId, request.params.id);
    const { key, type } = await playable(app.ctx.storage, row);
    return sendStoredFile(app.ctx.storage, request, reply, { key, contentType: type.contentType, attachmentName: submissionFileName(row, type.extension) });
  });

  app.get('/api/v1/submissions/:id/poster.jpg', { config: { permission: 'recordings.read' }, schema: { tags, params: IdParams, querystring: PosterQuerySchema } }, async (request, reply) => {
    const row = await service.getSubmissionRecord(app.ctx, request.user.accountId, request.params.id);
    if (!row.poster_key) throw new AppError('NOT_FOUND', 'This submission has no poster yet.');
    const { width } = request.query;
    const thumbnail = width === undefined ? undefined : thumbnailKey(row.poster_key, width);
    // Recordings processed before thumbnails were made have the poster only.
    const key = thumbnail && (await app.ctx.storage.stat(thumbnail)) ? thumbnail : row.poster_key;
    return sendStoredFile(app.ctx.storage, request, reply, { key, contentType: 'image/jpeg' });
  });

  app.get('/api/v1/submissions/:id/original', { config: { permission: 'recordings.read' }, schema: { tags, params: IdParams } }, async (request, reply) => {
    const row = await service.getSubmissionRecord(app.ctx, request.user.accountId, request.params.id);
    return sendOriginal(app.ctx, row, request, reply);
  });
};
