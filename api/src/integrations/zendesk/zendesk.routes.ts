import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeUrlSchema,
  OAuthCallbackQuerySchema,
  HelpdeskSyncLogSchema,
  UpdateZendeskSchema,
  ZendeskAppApprovalSchema,
  ZendeskAppApproveSchema,
  ZendeskAppTokenRequestSchema,
  ZendeskAppTokenSchema,
  ZendeskConnectSchema,
  ZendeskStatusSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { bearerOf, registerTicketRoutes, requireAppCaller } from '../helpdesk/app-calls.ts';
import { helpdeskSyncLog } from '../helpdesk/sync-log.ts';
import { errors, manage, owner, upstream } from '../kit/route-preset.ts';
import { approveZendeskApp, endZendeskAppSession, exchangeZendeskAppToken, resolveZendeskAppToken } from './zendesk-app-sessions.ts';
import * as service from './zendesk.service.ts';

const requireTicketCaller = requireAppCaller(resolveZendeskAppToken, 'Your Showback sign-in in Zendesk has ended. Sign in to Showback again from the app.');

/**
 * The app's origin is Zendesk's (`*.apps.zdusercontent.com`) or the app's own host: any origin may read these answers,
 * never with credentials (the browser refuses `*` with cookies), so only bearer calls get anything from them.
 */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('Access-Control-Allow-Origin', '*');
}

/** Zendesk on /my/integrations (owners and admins) and the ticket calls the Zendesk app makes (any member). */
export const zendeskRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/zendesk';
  const tags = ['helpdesk'];
  const appCall = { config: { csrf: 'unless-bearer' }, preValidation: requireTicketCaller, onSend: async (_q: FastifyRequest, reply: FastifyReply) => allowAnyOrigin(reply) } as const;

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: ZendeskStatusSchema, ...errors } } }, async (request) => service.zendeskStatus(app.ctx, request.user.accountId));

  app.post(`${base}/authorize`, { ...manage, schema: { tags, body: ZendeskConnectSchema, response: { 200: AuthorizeUrlSchema, ...errors, ...upstream } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.zendeskAuthorizeUrl(app.ctx, owner(request.user), request.body.subdomain) };
  });

  // Zendesk sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...manage, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeZendeskConnect(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.patch(`${base}/update`, { ...manage, schema: { tags, body: UpdateZendeskSchema, response: { 200: ZendeskStatusSchema, ...errors } } }, async (request) =>
    service.updateZendesk(app.ctx, request.user.accountId, request.body),
  );

  app.get(`${base}/sync_log`, { ...manage, schema: { tags, response: { 200: HelpdeskSyncLogSchema, ...errors } } }, async (request) => ({ items: await helpdeskSyncLog(app.ctx, request.user.accountId, 'zendesk') }));

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectZendesk(app.ctx, request.user.accountId, request.log);
    return reply.status(204).send(null);
  });

  // Preflights of the app's calls (JSON bodies and the Authorization header are not "simple").
  for (const path of [`${base}/tickets/:ticketId/requests`, `${base}/tickets/:ticketId/recordings/:submissionId/issues`, `${base}/app/token`, `${base}/app/session`]) {
    app.options(path, { config: { csrf: false }, schema: { hide: true } }, async (_request, reply) => {
      allowAnyOrigin(reply);
      reply.header('Access-Control-Allow-Methods', 'GET, POST, DELETE');
      reply.header('Access-Control-Allow-Headers', 'authorization, content-type');
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send();
    });
  }

  // The agent, signed in to Showback in its own window, approves the app's challenge (any member: the app acts as them).
  app.post(`${base}/app/approve`, { preValidation: requireUser, schema: { tags, body: ZendeskAppApproveSchema, response: { 201: ZendeskAppApprovalSchema, ...errors, ...upstream } } }, async (request, reply) => {
    reply.status(201);
    return approveZendeskApp(app.ctx, { id: request.user.id, accountId: request.user.accountId }, request.body);
  });

  // The app exchanges its verifier for its token: no cookie, no session; the verifier is the proof.
  app.post(
    `${base}/app/token`,
    { config: { csrf: false }, onSend: async (_q, reply) => allowAnyOrigin(reply), schema: { tags, body: ZendeskAppTokenRequestSchema, response: { 200: ZendeskAppTokenSchema, ...errors } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return exchangeZendeskAppToken(app.ctx, request.body.verifier);
    },
  );

  app.delete(`${base}/app/session`, { ...appCall, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    const bearer = bearerOf(request);
    if (bearer) await endZendeskAppSession(app.ctx, bearer);
    return reply.status(204).send(null);
  });

  registerTicketRoutes(app, base, appCall, { create: service.createZendeskTicketRequest, list: service.listZendeskTicketRequests });
};
