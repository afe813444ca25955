import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeUrlSchema,
  CreateTicketRequestSchema,
  ErrorBodySchema,
  OAuthCallbackQuerySchema,
  TicketRequestListSchema,
  TicketRequestSchema,
  UpdateZendeskSchema,
  ZendeskConnectSchema,
  ZendeskStatusSchema,
  ZendeskSyncLogSchema,
  ZendeskTicketParamsSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './zendesk.service.ts';

const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };
const upstream = { 402: ErrorBodySchema, 409: ErrorBodySchema };

/** Zendesk on /my/integrations (owners and admins) and the ticket calls the Zendesk app makes (any member). */
export const zendeskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/zendesk';
  const tags = ['helpdesk'];
  const admin = { config: { permission: 'integrations.manage' } } as const;
  const member = { preHandler: requireUser };
  const owner = (user: { id: string; accountId: string }) => ({ userId: user.id, accountId: user.accountId });

  app.get(`${base}/status`, { ...admin, schema: { tags, response: { 200: ZendeskStatusSchema, ...errors } } }, async (request) => service.zendeskStatus(app.ctx, request.user.accountId));

  app.post(`${base}/authorize`, { ...admin, schema: { tags, body: ZendeskConnectSchema, response: { 200: AuthorizeUrlSchema, ...errors, ...upstream } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.zendeskAuthorizeUrl(app.ctx, owner(request.user), request.body.subdomain) };
  });

  // Zendesk sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...admin, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeZendeskConnect(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.patch(`${base}/update`, { ...admin, schema: { tags, body: UpdateZendeskSchema, response: { 200: ZendeskStatusSchema, ...errors } } }, async (request) =>
    service.updateZendesk(app.ctx, request.user.accountId, request.body),
  );

  app.get(`${base}/sync_log`, { ...admin, schema: { tags, response: { 200: ZendeskSyncLogSchema, ...errors } } }, async (request) => ({ items: await service.zendeskSyncLog(app.ctx, request.user.accountId) }));

  app.delete(`${base}/disconnect`, { ...admin, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectZendesk(app.ctx, request.user.accountId, request.log);
    return reply.status(204).send(null);
  });

  app.post(
    `${base}/tickets/:ticketId/requests`,
    { ...member, schema: { tags, params: ZendeskTicketParamsSchema, body: CreateTicketRequestSchema, response: { 201: TicketRequestSchema, ...errors, ...upstream } } },
    async (request, reply) => {
      reply.status(201);
      return service.createTicketRequest(app.ctx, { id: request.user.id, accountId: request.user.accountId }, request.params.ticketId, request.body);
    },
  );

  app.get(`${base}/tickets/:ticketId/requests`, { ...member, schema: { tags, params: ZendeskTicketParamsSchema, response: { 200: TicketRequestListSchema, ...errors } } }, async (request) => ({
    items: await service.listTicketRequests(app.ctx, request.user.accountId, request.params.ticketId),
  }));
};
