import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminRecordingRequestListSchema,
  AdminRecordingRequestQuerySchema,
  AdminSubmissionDetailSchema,
  AdminSubmissionListSchema,
  AdminSubmissionQuerySchema,
  ErrorBodySchema,
} from '@showback/contract';
import { requireSysadminHidden } from './admin-guard.ts';
import * as service from './admin-recordings.service.ts';

/** /donkey/recording-requests and /donkey/submissions: every account's requests and recordings, with their actions. */
export const adminRecordingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];
  const params = Type.Object({ id: Type.String({ format: 'uuid' }) });

  app.get('/api/v1/admin/recording-requests', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: "Every account's recording requests with their link's state", querystring: AdminRecordingRequestQuerySchema, response: { 200: AdminRecordingRequestListSchema } },
  }, async (request) => service.listRequests(app.ctx, request.query));

  app.post('/api/v1/admin/recording-requests/:id/revoke-link', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Turn off the link of a recording request and issue a new one', params, response: { 204: Type.Null(), 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.revokeRequestLink(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/admin/submissions', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: "Every account's submissions with their processing state", querystring: AdminSubmissionQuerySchema, response: { 200: AdminSubmissionListSchema } },
  }, async (request) => service.listSubmissions(app.ctx, request.query));

  app.get('/api/v1/admin/submissions/:id', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'One submission, with why its processing failed', params, response: { 200: AdminSubmissionDetailSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getSubmission(app.ctx, request.params.id));

  app.post('/api/v1/admin/submissions/:id/reprocess', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Process a failed submission again', params, response: { 204: Type.Null(), 404: ErrorBodySchema, 409: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.reprocessSubmission(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });
};
