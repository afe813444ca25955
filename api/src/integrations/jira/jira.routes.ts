import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeUrlSchema,
  CreateJiraIssueSchema,
  ErrorBodySchema,
  JiraIssueSchema,
  JiraProjectListSchema,
  JiraSiteListSchema,
  JiraStatusSchema,
  JiraWebhookAckSchema,
  OAuthCallbackQuerySchema,
  RecordingJiraIssueSchema,
  UpdateJiraSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { errors, manage, owner, rateLimited, upstream } from '../kit/route-preset.ts';
import { escalateToJira, recordingJiraIssue } from './jira-escalation.ts';
import { handleJiraWebhook } from './jira-webhook.ts';
import * as service from './jira.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Jira on /my/integrations (owners and admins) and "Create issue in Jira" on a recording's page (any member). */
export const jiraRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/jira';
  const tags = ['integrations'];

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: JiraStatusSchema, ...errors } } }, async (request) => service.jiraStatus(app.ctx, request.user.accountId));

  app.post(`${base}/authorize`, { ...manage, schema: { tags, response: { 200: AuthorizeUrlSchema, ...errors, ...upstream, ...rateLimited } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.jiraAuthorizeUrl(app.ctx, owner(request.user)) };
  });

  // Atlassian sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...manage, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeJiraConnect(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.get(`${base}/sites`, { ...manage, schema: { tags, response: { 200: JiraSiteListSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) => ({ items: await service.jiraSites(app.ctx, request.user.accountId) }));

  app.get(`${base}/projects`, { ...manage, schema: { tags, response: { 200: JiraProjectListSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) => ({ items: await service.jiraProjects(app.ctx, request.user.accountId) }));

  app.patch(`${base}/update`, { ...manage, schema: { tags, body: UpdateJiraSchema, response: { 200: JiraStatusSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) =>
    service.updateJira(app.ctx, request.user.accountId, request.body, request.log),
  );

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectJira(app.ctx, request.user.accountId, request.log);
    return reply.status(204).send(null);
  });

  // Older than escalation's one shape (/submissions/:id/issues, escalation.routes.ts): kept, with Jira's own answer,
  // for the pages and apps already out there.
  app.get('/api/v1/submissions/:id/jira_issue', { preValidation: requireUser, schema: { tags, deprecated: true, params: IdParams, response: { 200: RecordingJiraIssueSchema, ...errors } } }, async (request) =>
    recordingJiraIssue(app.ctx, request.user.accountId, request.params.id),
  );

  app.post(
    '/api/v1/submissions/:id/jira_issue',
    { preValidation: requireUser, schema: { tags, deprecated: true, params: IdParams, body: CreateJiraIssueSchema, response: { 200: JiraIssueSchema, ...errors, ...upstream, ...rateLimited } } },
    async (request) => escalateToJira(app.ctx, { id: request.user.id, accountId: request.user.accountId }, request.params.id, request.body ?? {}),
  );
};

/**
 * Jira's webhook, authenticated by the JWT in its Authorization header (not by cookies, hence no CSRF token). The body
 * is read as bytes like Linear's, so its plugin stays apart from the JSON routes.
 */
export const jiraWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  app.post('/api/v1/integrations/jira/webhook', { config: { csrf: false }, schema: { tags: ['integrations'], response: { 200: JiraWebhookAckSchema, 400: ErrorBodySchema, 401: ErrorBodySchema, 409: ErrorBodySchema } } }, async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    return handleJiraWebhook(app.ctx, raw, typeof request.headers.authorization === 'string' ? request.headers.authorization : undefined);
  });
};
