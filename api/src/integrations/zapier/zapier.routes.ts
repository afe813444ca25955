import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, ZapierConnectSchema, ZapierKeySchema, ZapierMeSchema, ZapierStatusSchema, ZapierSubscribeSchema, ZapierSubscriptionListSchema, ZapierSubscriptionSchema } from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { errors, manage } from '../kit/route-preset.ts';
import * as service from './zapier.service.ts';

/** Every Zapier call depends on the plan. */
const planErrors = { ...errors, 402: ErrorBodySchema };

/** The dashboard's Zapier calls (spec §7) and the API the Zapier app calls with the account's key (X-API-Key). */
export const zapierRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['zapier'];
  const base = '/api/v1/integrations/zapier';

  app.get(`${base}/status`, { preValidation: requireUser, schema: { tags, response: { 200: ZapierStatusSchema, ...planErrors } } }, async (request) => service.zapierStatus(app.ctx, request.user.accountId));

  app.get(`${base}/authorize`, { ...manage, schema: { tags, response: { 200: ZapierConnectSchema, ...planErrors } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.authorizeZapier(app.ctx, request.user.accountId, request.user.id);
  });

  app.post(`${base}/regenerate`, { ...manage, schema: { tags, response: { 200: ZapierKeySchema, ...planErrors } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.regenerateZapierKey(app.ctx, request.user.accountId, request.user.id);
  });

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...planErrors } } }, async (request, reply) => {
    await service.disconnectZapier(app.ctx, request.user.accountId);
    return reply.status(204).send(null);
  });

  app.get(`${base}/subscriptions`, { preValidation: requireUser, schema: { tags, response: { 200: ZapierSubscriptionListSchema, ...planErrors } } }, async (request) => ({
    items: await service.listSubscriptions(app.ctx, request.user.accountId),
  }));

  // Called by Zapier, not a browser: the key is the credential, so there is no session and no CSRF token.
  const keyed = { config: { csrf: false } } as const;
  const key = (headers: Record<string, unknown>) => service.authenticateZapierKey(app.ctx, typeof headers['x-api-key'] === 'string' ? headers['x-api-key'] : undefined);

  app.get('/api/v1/zapier/me', { ...keyed, schema: { tags, response: { 200: ZapierMeSchema, ...planErrors } } }, async (request) => {
    const caller = await key(request.headers);
    return { account_id: caller.accountId, account_name: caller.accountName, key_prefix: caller.keyPrefix };
  });

  app.post('/api/v1/zapier/hooks', { ...keyed, schema: { tags, body: ZapierSubscribeSchema, response: { 201: ZapierSubscriptionSchema, ...planErrors } } }, async (request, reply) => {
    const caller = await key(request.headers);
    reply.status(201);
    return service.subscribe(app.ctx, caller.accountId, request.body.hookUrl, request.body.event);
  });

  app.delete('/api/v1/zapier/hooks/:id', { ...keyed, schema: { tags, params: Type.Object({ id: Type.String({ format: 'uuid' }) }), response: { 204: Type.Null(), ...planErrors } } }, async (request, reply) => {
    const caller = await key(request.headers);
    await service.unsubscribe(app.ctx, caller.accountId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/zapier/recordings', { ...keyed, schema: { tags, response: { 200: Type.Array(Type.Record(Type.String(), Type.Unknown())), ...planErrors } } }, async (request) => {
    const caller = await key(request.headers);
    return service.recentRecordings(app.ctx, caller.accountId);
  });
};
