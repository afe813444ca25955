import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateRecordingRequestSchema,
  ErrorBodySchema,
  ListRecordingRequestsQuerySchema,
  PublicRecordingRequestSchema,
  RecordingRequestListSchema,
  RecordingRequestSchema,
  UpdateRecordingRequestSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './requests.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });
const errors = { 404: ErrorBodySchema };

export const requestsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['requests'];

  app.get('/api/v1/requests', {
    config: { permission: 'recordings.read' },
    schema: { tags, querystring: ListRecordingRequestsQuerySchema, response: { 200: RecordingRequestListSchema } },
  }, async (request) => service.listRequests(app.ctx, request.user.accountId, request.query));

  app.post('/api/v1/requests', {
    config: { permission: 'requests.write' },
    schema: { tags, body: CreateRecordingRequestSchema, response: { 201: RecordingRequestSchema } },
  }, async (request, reply) => {
    reply.status(201);
    return service.createRequest(app.ctx, request.user, request.body);
  });

  app.get('/api/v1/requests/:id', {
    config: { permission: 'recordings.read' },
    schema: { tags, params: IdParams, response: { 200: RecordingRequestSchema, ...errors } },
  }, async (request) => service.getRequest(app.ctx, request.user.accountId, request.params.id));

  app.patch('/api/v1/requests/:id', {
    config: { permission: 'requests.write' },
    schema: { tags, params: IdParams, body: UpdateRecordingRequestSchema, response: { 200: RecordingRequestSchema, ...errors } },
  }, async (request) => service.updateRequest(app.ctx, request.user.accountId, request.params.id, request.body));

  app.delete('/api/v1/requests/:id', {
    preValidation: requireUser,
    schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errors } },
  }, async (request, reply) => {
    await service.deleteRequest(app.ctx, request.user.accountId, request.params.id);
    return reply.status(204).send(null);
  });

  app.post('/api/v1/requests/:id/archive', {
    config: { permission: 'requests.write' },
    schema: { tags, params: IdParams, response: { 200: RecordingRequestSchema, ...errors } },
  }, async (request) => service.setRequestStatus(app.ctx, request.user.accountId, request.params.id, 'archived'));

  app.post('/api/v1/requests/:id/unarchive', {
    config: { permission: 'requests.write' },
    schema: { tags, params: IdParams, response: { 200: RecordingRequestSchema, ...errors } },
  }, async (request) => service.setRequestStatus(app.ctx, request.user.accountId, request.params.id, 'active'));

  app.post('/api/v1/requests/:id/revoke', {
    config: { permission: 'requests.write' },
    schema: { tags, params: IdParams, response: { 200: RecordingRequestSchema, ...errors } },
  }, async (request) => service.revokeRequestLink(app.ctx, request.user.accountId, request.params.id));

  app.get('/api/v1/public/requests/:token', {
    config: { csrf: false },
    schema: { tags: ['recorder'], params: TokenParams, response: { 200: PublicRecordingRequestSchema, 404: ErrorBodySchema, 410: ErrorBodySchema } },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.getPublicRequest(app.ctx, request.params.token);
  });
};
