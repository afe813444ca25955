import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeUrlSchema,
  CreateLinearIssueSchema,
  ErrorBodySchema,
  LinearIssueSchema,
  LinearStatusSchema,
  LinearTeamListSchema,
  LinearWebhookAckSchema,
  OAuthCallbackQuerySchema,
  RecordingLinearIssueSchema,
  UpdateLinearSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { errors, manage, owner, rateLimited, upstream } from '../kit/route-preset.ts';
import { escalateToLinear, recordingLinearIssue } from './linear-escalation.ts';
import { handleLinearWebhook } from './linear-webhook.ts';
import * as service from './linear.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Linear on /my/integrations (owners and admins) and "Create issue in Linear" on a recording's page (any member). */
export const linearRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/linear';
  const tags = ['integrations'];

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: LinearStatusSchema, ...errors } } }, async (request) => service.linearStatus(app.ctx, request.user.accountId));

  app.post(`${base}/authorize`, { ...manage, schema: { tags, response: { 200: AuthorizeUrlSchema, ...errors, ...upstream, ...rateLimited } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.linearAuthorizeUrl(app.ctx, owner(request.user)) };
  });

  // Linear sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...manage, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeLinearConnect(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.get(`${base}/teams`, { ...manage, schema: { tags, response: { 200: LinearTeamListSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) => ({ items: await service.linearTeams(app.ctx, request.user.accountId) }));

  app.patch(`${base}/update`, { ...manage, schema: { tags, body: UpdateLinearSchema, response: { 200: LinearStatusSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) =>
    service.updateLinear(app.ctx, request.user.accountId, request.body),
  );

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectLinear(app.ctx, request.user.accountId, request.log);
    return reply.status(204).send(null);
  });

  // Older than escalation's one shape (/submissions/:id/issues, escalation.routes.ts): kept, with Linear's own answer,
  // for the pages and apps already out there.
  app.get('/api/v1/submissions/:id/linear_issue', { preValidation: requireUser, schema: { tags, deprecated: true, params: IdParams, response: { 200: RecordingLinearIssueSchema, ...errors } } }, async (request) =>
    recordingLinearIssue(app.ctx, request.user.accountId, request.params.id),
  );

  app.post(
    '/api/v1/submissions/:id/linear_issue',
    { preValidation: requireUser, schema: { tags, deprecated: true, params: IdParams, body: CreateLinearIssueSchema, response: { 200: LinearIssueSchema, ...errors, ...upstream, ...rateLimited } } },
    async (request) => escalateToLinear(app.ctx, { id: request.user.id, accountId: request.user.accountId }, request.params.id, request.body ?? {}),
  );
};

/**
 * Linear's webhook, in a plugin of its own: the signature covers the exact bytes, so JSON bodies stay a Buffer here
 * (every other route still gets parsed JSON). Authenticated by the signature, not by cookies, hence no CSRF token.
 */
export const linearWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/api/v1/integrations/linear/webhook', { config: { csrf: false }, schema: { tags: ['integrations'], response: { 200: LinearWebhookAckSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    return handleLinearWebhook(app.ctx, raw, header('linear-signature'), header('linear-delivery'));
  });
};
