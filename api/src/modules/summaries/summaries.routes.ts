import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, SummarySchema } from '@showback/contract';
import { getSummary } from './summaries.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const summariesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v1/submissions/:id/summary', {
    config: { permission: 'recordings.read' },
    schema: { tags: ['submissions'], params: IdParams, response: { 200: SummarySchema, 404: ErrorBodySchema } },
  }, async (request) => getSummary(app.ctx, request.user.accountId, request.params.id));
};
