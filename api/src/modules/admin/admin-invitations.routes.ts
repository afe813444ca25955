import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AdminInvitationListSchema, AdminInvitationQuerySchema, ErrorBodySchema } from '@showback/contract';
import { requireSysadminHidden } from './admin-guard.ts';
import * as service from './admin-invitations.service.ts';

/** /donkey/invitations: every account's team invitations, and revoking one. */
export const adminInvitationsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['admin'];
  app.get('/api/v1/admin/invitations', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: "Every account's team invitations with their state", querystring: AdminInvitationQuerySchema, response: { 200: AdminInvitationListSchema } },
  }, async (request) => service.listInvitations(app.ctx, request.query));

  app.post('/api/v1/admin/invitations/:id/revoke', {
    onRequest: requireSysadminHidden,
    schema: { tags, summary: 'Revoke an invitation nobody accepted yet', params: Type.Object({ id: Type.String({ format: 'uuid' }) }), response: { 204: Type.Null(), 404: ErrorBodySchema, 409: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.revokeInvitation(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });
};
