import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AdminSupportQuerySchema,
  AdminSupportReplyBodySchema,
  AdminSupportRequestListSchema,
  AdminSupportRequestSchema,
  AdminSupportStatusBodySchema,
  ErrorBodySchema,
  NewSupportRequestSchema,
  PageQuerySchema,
  SupportFollowUpBodySchema,
  SupportRequestListSchema,
  SupportRequestSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { requireSysadminHidden } from '../admin/admin-guard.ts';
import * as service from './support.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** /support for signed-in customers, and the staff inbox of /donkey/support-requests (contact form included). */
export const supportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['support'];

  app.get('/api/v1/support-requests', {
    preValidation: requireUser,
    schema: { tags, summary: 'The signed-in user’s support requests with their replies, newest first', querystring: PageQuerySchema, response: { 200: SupportRequestListSchema } },
  }, async (request) => service.listMine(app.ctx, request.user, request.query.page ?? 1, request.query.per_page ?? 20));

  app.post('/api/v1/support-requests', {
    preValidation: requireUser,
    schema: { tags, summary: 'Open a support request', body: NewSupportRequestSchema, response: { 201: SupportRequestSchema, 422: ErrorBodySchema, 429: ErrorBodySchema } },
  }, async (request, reply) => {
    const created = await service.openRequest(app.ctx, request.log, request.user, request.ip, request.body);
    return reply.status(201).send(created);
  });

  app.get('/api/v1/support-requests/:id', {
    preValidation: requireUser,
    schema: { tags, params: IdParams, response: { 200: SupportRequestSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getMine(app.ctx, request.user, request.params.id));

  app.post('/api/v1/support-requests/:id/replies', {
    preValidation: requireUser,
    schema: { tags, summary: 'Follow up on one of your requests: reopens it and tells the team', params: IdParams, body: SupportFollowUpBodySchema, response: { 201: SupportRequestSchema, 404: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema } },
  }, async (request, reply) => {
    const updated = await service.followUp(app.ctx, request.log, request.user, request.params.id, request.body);
    return reply.status(201).send(updated);
  });

  // Staff: the guard runs before validation, so nobody else can tell these routes from unknown ones.
  const adminTags = ['admin'];
  app.get('/api/v1/admin/support-requests', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, summary: 'Every support request: contact form and /support', querystring: AdminSupportQuerySchema, response: { 200: AdminSupportRequestListSchema } },
  }, async (request) => service.listForStaff(app.ctx, request.query));

  app.get('/api/v1/admin/support-requests/:id', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, params: IdParams, response: { 200: AdminSupportRequestSchema, 404: ErrorBodySchema } },
  }, async (request) => service.getForStaff(app.ctx, request.params.id));

  app.post('/api/v1/admin/support-requests/:id/replies', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, summary: 'Answer a support request; the sender gets the answer by email', params: IdParams, body: AdminSupportReplyBodySchema, response: { 201: AdminSupportRequestSchema, 404: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request, reply) => {
    const updated = await service.replyAsStaff(app.ctx, request.log, request.user, request.params.id, request.body);
    return reply.status(201).send(updated);
  });

  app.put('/api/v1/admin/support-requests/:id/status', {
    onRequest: requireSysadminHidden,
    schema: { tags: adminTags, summary: 'Close or reopen a support request', params: IdParams, body: AdminSupportStatusBodySchema, response: { 200: AdminSupportRequestSchema, 404: ErrorBodySchema } },
  }, async (request) => service.setStatusAsStaff(app.ctx, request.user, request.params.id, request.body.status));
};
