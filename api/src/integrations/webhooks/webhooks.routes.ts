import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AlertDeliveryListSchema,
  AlertDeliverySchema,
  CreateWebhookEndpointSchema,
  ErrorBodySchema,
  UpdateWebhookEndpointSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookSecretSchema,
  WebhookTestResultSchema,
} from '@showback/contract';
import { errors, manage } from '../kit/route-preset.ts';
import * as service from './webhook-endpoints.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** Webhook endpoints of the signed-in account (owners and admins): CRUD, secret, test event, delivery log, replay. */
export const webhooksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/webhooks';
  const tags = ['webhooks'];

  app.get(base, { ...manage, schema: { tags, response: { 200: WebhookEndpointListSchema, ...errors } } }, async (request) => ({
    items: await service.listEndpoints(app.ctx, request.user.accountId),
  }));

  app.post(base, { ...manage, schema: { tags, body: CreateWebhookEndpointSchema, response: { 201: WebhookEndpointSchema, 409: ErrorBodySchema, ...errors } } }, async (request, reply) => {
    reply.status(201);
    return service.createEndpoint(app.ctx, request.user.accountId, request.body);
  });

  app.patch(`${base}/:id`, { ...manage, schema: { tags, params: IdParams, body: UpdateWebhookEndpointSchema, response: { 200: WebhookEndpointSchema, ...errors } } }, async (request) =>
    service.updateEndpoint(app.ctx, request.user.accountId, request.params.id, request.body),
  );

  app.delete(`${base}/:id`, { ...manage, schema: { tags, params: IdParams, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.deleteEndpoint(app.ctx, request.user.accountId, request.params.id);
    return reply.status(204).send(null);
  });

  app.get(`${base}/:id/secret`, { ...manage, schema: { tags, params: IdParams, response: { 200: WebhookSecretSchema, ...errors } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.revealSecret(app.ctx, request.user.accountId, request.params.id);
  });

  app.post(`${base}/:id/secret/rotate`, { ...manage, schema: { tags, params: IdParams, response: { 200: WebhookSecretSchema, ...errors } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.rotateSecret(app.ctx, request.user.accountId, request.params.id);
  });

  app.post(`${base}/:id/test`, { ...manage, schema: { tags, params: IdParams, response: { 202: WebhookTestResultSchema, ...errors } } }, async (request, reply) => {
    reply.status(202);
    return service.sendTestEvent(app.ctx, request.user.accountId, request.params.id);
  });

  app.get(`${base}/:id/deliveries`, { ...manage, schema: { tags, params: IdParams, response: { 200: AlertDeliveryListSchema, ...errors } } }, async (request) => ({
    items: await service.listEndpointDeliveries(app.ctx, request.user.accountId, request.params.id),
  }));

  app.post(`${base}/deliveries/:id/replay`, { ...manage, schema: { tags, params: IdParams, response: { 202: AlertDeliverySchema, 409: ErrorBodySchema, ...errors } } }, async (request, reply) => {
    reply.status(202);
    return service.replayDelivery(app.ctx, request.user.accountId, request.params.id);
  });
};
