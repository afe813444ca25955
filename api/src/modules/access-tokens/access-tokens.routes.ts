import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AccessTokenListSchema, CreateAccessTokenSchema, CreatedAccessTokenSchema, ErrorBodySchema } from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './access-tokens.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/**
 * Personal access tokens (docs/api.md): each person makes and revokes their own, signed in (a token cannot make or
 * see tokens); owners and admins see and revoke everyone's in the account.
 */
export const accessTokensRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['access tokens'];

  app.get('/api/v1/users/me/access_tokens', {
    preValidation: requireUser,
    schema: { tags, response: { 200: AccessTokenListSchema } },
  }, async (request) => service.listAccessTokens(app.ctx, request.user.accountId, request.user.id));

  app.post('/api/v1/users/me/access_tokens', {
    preValidation: requireUser,
    schema: { tags, body: CreateAccessTokenSchema, response: { 201: CreatedAccessTokenSchema, 409: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return reply.status(201).send(await service.createAccessToken(app.ctx, request.user, request.body));
  });

  app.delete('/api/v1/users/me/access_tokens/:id', {
    preValidation: requireUser,
    schema: { tags, params: IdParams, response: { 204: Type.Null(), 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.revokeAccessToken(app.ctx, request.user.accountId, request.params.id, request.user.id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/account/access_tokens', {
    config: { permission: 'tokens.manage' },
    schema: { tags, response: { 200: AccessTokenListSchema, 403: ErrorBodySchema } },
  }, async (request) => service.listAccessTokens(app.ctx, request.user.accountId));

  app.delete('/api/v1/account/access_tokens/:id', {
    config: { permission: 'tokens.manage' },
    schema: { tags, params: IdParams, response: { 204: Type.Null(), 403: ErrorBodySchema, 404: ErrorBodySchema } },
  }, async (request, reply) => {
    await service.revokeAccessToken(app.ctx, request.user.accountId, request.params.id);
    return reply.status(204).send(null);
  });
};
