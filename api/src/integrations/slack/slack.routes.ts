import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeUrlSchema,
  ChatTestResultSchema,
  OAuthCallbackQuerySchema,
  SlackChannelListSchema,
  SlackStatusSchema,
  SlackTestSchema,
  UpdateSlackIntegrationSchema,
} from '@showback/contract';
import { errors, manage, owner, rateLimited, upstream } from '../kit/route-preset.ts';
import * as service from './slack.service.ts';

/** Slack on /my/integrations (spec §7), for the account's owners and admins. */
export const slackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/slack';
  const tags = ['team chat'];

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: SlackStatusSchema, ...errors } } }, async (request) => service.slackStatus(app.ctx, request.user.accountId));

  app.get(`${base}/authorize`, { ...manage, schema: { tags, response: { 200: AuthorizeUrlSchema, ...errors, ...upstream, ...rateLimited } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.slackAuthorizeUrl(app.ctx, owner(request.user)) };
  });

  // Slack sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...manage, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeSlackInstall(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.get(`${base}/channels`, { ...manage, schema: { tags, response: { 200: SlackChannelListSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) => ({
    channels: await service.listSlackChannels(app.ctx, request.user.accountId),
  }));

  app.patch(`${base}/update`, { ...manage, schema: { tags, body: UpdateSlackIntegrationSchema, response: { 200: SlackStatusSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) =>
    service.updateSlack(app.ctx, request.user.accountId, request.body),
  );

  app.post(`${base}/test`, { ...manage, schema: { tags, body: Type.Optional(SlackTestSchema), response: { 200: ChatTestResultSchema, ...errors, ...upstream, ...rateLimited } } }, async (request) =>
    service.sendSlackTest(app.ctx, request.user.accountId, request.body?.channel_id),
  );

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectSlack(app.ctx, request.user.accountId, request.log);
    return reply.status(204).send(null);
  });
};
