import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  FreshdeskAppTokenSchema,
  FreshdeskConnectSchema,
  FreshdeskStatusSchema,
  HelpdeskSyncLogSchema,
} from '@showback/contract';
import { registerTicketRoutes, requireAppCaller } from '../helpdesk/app-calls.ts';
import { helpdeskSyncLog } from '../helpdesk/sync-log.ts';
import { errors, manage, upstream } from '../kit/route-preset.ts';
import { issueFreshdeskAppToken, resolveFreshdeskAppToken } from './freshdesk-app-token.ts';
import * as service from './freshdesk.service.ts';

/**
 * Freshdesk on /my/integrations (owners and admins) and the ticket calls the Freshdesk app makes through Freshworks'
 * request proxy with its app token (server to server: no cookie, no CORS).
 */
export const freshdeskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/freshdesk';
  const tags = ['helpdesk'];
  const appCall = { config: { csrf: 'unless-bearer' }, preValidation: requireAppCaller(resolveFreshdeskAppToken, 'The Showback app token in Freshdesk was replaced or Freshdesk was disconnected. Paste a new token into the app settings.') } as const;

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: FreshdeskStatusSchema, ...errors } } }, async (request) => service.freshdeskStatus(app.ctx, request.user.accountId));

  app.post(`${base}/connect`, { ...manage, schema: { tags, body: FreshdeskConnectSchema, response: { 200: FreshdeskStatusSchema, ...errors, ...upstream } } }, async (request) =>
    service.connectFreshdesk(app.ctx, { userId: request.user.id, accountId: request.user.accountId }, request.body),
  );

  app.get(`${base}/sync_log`, { ...manage, schema: { tags, response: { 200: HelpdeskSyncLogSchema, ...errors } } }, async (request) => ({ items: await helpdeskSyncLog(app.ctx, request.user.accountId, 'freshdesk') }));

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectFreshdesk(app.ctx, request.user.accountId);
    return reply.status(204).send(null);
  });

  app.post(`${base}/app_token`, { ...manage, schema: { tags, response: { 201: FreshdeskAppTokenSchema, ...errors } } }, async (request, reply) => {
    reply.status(201).header('Cache-Control', 'no-store');
    return issueFreshdeskAppToken(app.ctx, { id: request.user.id, accountId: request.user.accountId });
  });

  registerTicketRoutes(app, base, appCall, { create: service.createFreshdeskTicketRequest, list: service.listFreshdeskTicketRequests });
};
