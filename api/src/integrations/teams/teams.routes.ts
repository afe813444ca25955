import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AuthorizeUrlSchema,
  ChatTestResultSchema,
  OAuthCallbackQuerySchema,
  TeamIdParamsSchema,
  TeamsChannelListSchema,
  TeamsStatusSchema,
  TeamsTeamListSchema,
  UpdateTeamsIntegrationSchema,
} from '@showback/contract';
import { errors, manage, owner, upstream } from '../kit/route-preset.ts';
import * as service from './teams.service.ts';

/** Microsoft Teams on /my/integrations (spec §7), for the account's owners and admins. */
export const teamsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/teams';
  const tags = ['team chat'];

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: TeamsStatusSchema, ...errors } } }, async (request) => service.teamsStatus(app.ctx, request.user.accountId));

  app.get(`${base}/authorize`, { ...manage, schema: { tags, response: { 200: AuthorizeUrlSchema, ...errors, ...upstream } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.teamsAuthorizeUrl(app.ctx, owner(request.user)) };
  });

  // Microsoft sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...manage, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeTeamsSignIn(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.get(`${base}/teams`, { ...manage, schema: { tags, response: { 200: TeamsTeamListSchema, ...errors, ...upstream } } }, async (request) => ({
    teams: await service.listTeams(app.ctx, request.user.accountId),
  }));

  app.get(`${base}/channels/:teamId`, { ...manage, schema: { tags, params: TeamIdParamsSchema, response: { 200: TeamsChannelListSchema, ...errors, ...upstream } } }, async (request) => ({
    channels: await service.listChannels(app.ctx, request.user.accountId, request.params.teamId),
  }));

  app.patch(`${base}/update`, { ...manage, schema: { tags, body: UpdateTeamsIntegrationSchema, response: { 200: TeamsStatusSchema, ...errors, ...upstream } } }, async (request) =>
    service.updateTeams(app.ctx, request.user.accountId, request.body),
  );

  app.post(`${base}/test`, { ...manage, schema: { tags, response: { 200: ChatTestResultSchema, ...errors, ...upstream } } }, async (request) => service.sendTeamsTest(app.ctx, request.user.accountId));

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectTeams(app.ctx, request.user.accountId);
    return reply.status(204).send(null);
  });
};
