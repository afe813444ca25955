import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  CreateWidgetSessionSchema,
  ErrorBodySchema,
  SubmissionEventsSchema,
  UpdateWidgetSettingsSchema,
  WidgetSessionInfoSchema,
  WidgetSessionSchema,
  WidgetSettingsSchema,
} from '@showback/contract';
import { requireUser } from '../../plugins/auth.ts';
import { getSubmissionEvents } from './submission-context.ts';
import { widgetSessionRateLimit } from './widget-rate-limit.ts';
import * as service from './widget.service.ts';

const SESSIONS = '/api/v1/widget/sessions';
const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/** CORS for one origin, never `*` and never credentials: the widget calls with `credentials: 'omit'`. */
function allowOrigin(reply: FastifyReply, origin: string): void {
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Vary', 'Origin');
}

export const widgetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['widget'];

  app.get('/api/v1/widget', {
    preValidation: requireUser,
    schema: { tags, response: { 200: WidgetSettingsSchema } },
  }, async (request) => service.getWidgetSettings(app.ctx, request.user));

  app.put('/api/v1/widget', {
    config: { permission: 'widget.configure' },
    schema: { tags, body: UpdateWidgetSettingsSchema, response: { 200: WidgetSettingsSchema, 403: ErrorBodySchema, 422: ErrorBodySchema } },
  }, async (request) => service.updateWidgetSettings(app.ctx, request.user, request.body));

  app.post('/api/v1/widget/setup', {
    config: { permission: 'widget.configure' },
    schema: { tags, summary: 'Create the widget key and its default request (idempotent)', response: { 200: WidgetSettingsSchema, 403: ErrorBodySchema } },
  }, async (request) => service.setUpWidget(app.ctx, request.user));

  app.post('/api/v1/widget/rotate_key', {
    config: { permission: 'widget.configure' },
    schema: { tags, response: { 200: WidgetSettingsSchema, 403: ErrorBodySchema } },
  }, async (request) => service.rotateWidgetKey(app.ctx, request.user));

  // The preflight has no key, so it is answered for origins that some account allows; the POST checks the key's.
  app.options(SESSIONS, { config: { csrf: false }, schema: { hide: true } }, async (request, reply) => {
    const origin = service.requestOrigin({ origin: request.headers.origin });
    if (origin && (await service.originKnown(app.ctx, origin))) {
      allowOrigin(reply, origin);
      reply.header('Access-Control-Allow-Methods', 'POST');
      reply.header('Access-Control-Allow-Headers', 'content-type');
      reply.header('Access-Control-Max-Age', '600');
    }
    return reply.status(204).send();
  });

  const sessionLimit = widgetSessionRateLimit(app);
  app.post(SESSIONS, {
    config: { csrf: false },
    // Errors, the 429 too, are readable by the page, so the SDK can tell "origin not allowed" from "network down".
    onRequest: async (request, reply) => {
      const origin = service.requestOrigin({ origin: request.headers.origin, referer: request.headers.referer });
      if (origin) allowOrigin(reply, origin);
    },
    preHandler: sessionLimit,
    schema: {
      tags,
      body: CreateWidgetSessionSchema,
      response: { 201: WidgetSessionSchema, 402: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 429: ErrorBodySchema },
    },
  }, async (request, reply) => {
    const origin = service.requestOrigin({ origin: request.headers.origin, referer: request.headers.referer });
    reply.header('Cache-Control', 'no-store');
    const session = await service.createWidgetSession(app.ctx, request.body, origin);
    return reply.status(201).send(session);
  });

  app.get('/api/v1/public/widget/sessions/:token', {
    config: { csrf: false },
    schema: { tags: ['recorder'], params: TokenParams, response: { 200: WidgetSessionInfoSchema, 404: ErrorBodySchema, 410: ErrorBodySchema } },
  }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return service.getWidgetSessionInfo(app.ctx, request.params.token);
  });

  app.get('/api/v1/submissions/:id/events', {
    config: { permission: 'recordings.read' },
    schema: { tags: ['submissions'], params: IdParams, response: { 200: SubmissionEventsSchema, 404: ErrorBodySchema } },
  }, async (request) => getSubmissionEvents(app.ctx, request.user.accountId, request.params.id));
};
