import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeUrlSchema,
  CreateGitHubIssueSchema,
  ErrorBodySchema,
  GitHubIssueSchema,
  GitHubRepositoryListSchema,
  GitHubStatusSchema,
  GitHubWebhookAckSchema,
  OAuthCallbackQuerySchema,
  RecordingGitHubIssueSchema,
  UpdateGitHubSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { errors, manage, owner, rateLimited, upstream } from '../kit/route-preset.ts';
import { escalateToGitHub, recordingGitHubIssue } from './github-escalation.ts';
import { handleGitHubWebhook } from './github-webhook.ts';
import * as service from './github.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** GitHub on /my/integrations (owners and admins) and "Create issue in GitHub" on a recording's page (any member). */
export const githubRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/github';
  const tags = ['integrations'];

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: GitHubStatusSchema, ...errors } } }, async (request) => service.githubStatus(app.ctx, request.user.accountId));

  app.post(`${base}/authorize`, { ...manage, schema: { tags, response: { 200: AuthorizeUrlSchema, ...errors, ...upstream, ...rateLimited } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.githubAuthorizeUrl(app.ctx, owner(request.user)) };
  });

  // GitHub sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...manage, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeGitHubConnect(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.get(`${base}/repositories`, { ...manage, schema: { tags, response: { 200: GitHubRepositoryListSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) => ({
    items: await service.githubRepositories(app.ctx, request.user.accountId),
  }));

  app.patch(`${base}/update`, { ...manage, schema: { tags, body: UpdateGitHubSchema, response: { 200: GitHubStatusSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) =>
    service.updateGitHub(app.ctx, request.user.accountId, request.body, request.log),
  );

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectGitHub(app.ctx, request.user.accountId, request.log);
    return reply.status(204).send(null);
  });

  // Older than escalation's one shape (/submissions/:id/issues, escalation.routes.ts): kept, with GitHub's own answer,
  // for the pages and apps already out there.
  app.get('/api/v1/submissions/:id/github_issue', { preValidation: requireUser, schema: { tags, deprecated: true, params: IdParams, response: { 200: RecordingGitHubIssueSchema, ...errors } } }, async (request) =>
    recordingGitHubIssue(app.ctx, request.user.accountId, request.params.id),
  );

  app.post(
    '/api/v1/submissions/:id/github_issue',
    { preValidation: requireUser, schema: { tags, deprecated: true, params: IdParams, body: CreateGitHubIssueSchema, response: { 200: GitHubIssueSchema, ...errors, ...upstream, ...rateLimited } } },
    async (request) => escalateToGitHub(app.ctx, { id: request.user.id, accountId: request.user.accountId }, request.params.id, request.body ?? {}),
  );
};

/**
 * GitHub's `issues` webhook, in a plugin of its own: the signature covers the exact bytes, so JSON bodies stay a
 * Buffer here. Authenticated by X-Hub-Signature-256, not by cookies, hence no CSRF token.
 */
export const githubWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/api/v1/integrations/github/webhook', { config: { csrf: false }, schema: { tags: ['integrations'], response: { 200: GitHubWebhookAckSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    return handleGitHubWebhook(app.ctx, raw, { signature: header('x-hub-signature-256'), event: header('x-github-event'), delivery: header('x-github-delivery') });
  });
};
