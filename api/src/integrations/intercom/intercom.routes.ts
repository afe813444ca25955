import { Type, type TSchema } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthorizeUrlSchema, ErrorBodySchema, HelpdeskSyncLogSchema, IntercomCanvasSchema, IntercomConfigureAnswerSchema, IntercomStatusSchema, OAuthCallbackQuerySchema } from '@showback/contract';
import { AppError } from '../../errors.ts';
import { helpdeskSyncLog } from '../helpdesk/sync-log.ts';
import { errors, manage, owner } from '../kit/route-preset.ts';
import { answerCanvas, answerConfigure, answerMessengerCard, verifyCanvasSignature } from './intercom-inbox-app.ts';
import * as service from './intercom.service.ts';

/** Intercom on /my/integrations (owners and admins): connect by OAuth, the sync log of admin notes, disconnect. */
export const intercomRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/api/v1/integrations/intercom';
  const tags = ['helpdesk'];

  app.get(`${base}/status`, { ...manage, schema: { tags, response: { 200: IntercomStatusSchema, ...errors } } }, async (request) => service.intercomStatus(app.ctx, request.user.accountId));

  app.post(`${base}/authorize`, { ...manage, schema: { tags, response: { 200: AuthorizeUrlSchema, ...errors, 402: ErrorBodySchema, 409: ErrorBodySchema } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { authorize_url: await service.intercomAuthorizeUrl(app.ctx, owner(request.user)) };
  });

  // Intercom sends the browser back here; the state is checked against the signed-in person before anything else.
  app.get(`${base}/callback`, { ...manage, schema: { tags, querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) =>
    reply.redirect(await service.completeIntercomConnect(app.ctx, owner(request.user), request.query, request.log)),
  );

  app.get(`${base}/sync_log`, { ...manage, schema: { tags, response: { 200: HelpdeskSyncLogSchema, ...errors } } }, async (request) => ({ items: await helpdeskSyncLog(app.ctx, request.user.accountId, 'intercom') }));

  app.delete(`${base}/disconnect`, { ...manage, schema: { tags, response: { 204: Type.Null(), ...errors } } }, async (request, reply) => {
    await service.disconnectIntercom(app.ctx, request.user.accountId, request.log);
    return reply.status(204).send(null);
  });
};

/**
 * The Canvas Kit URLs (the inbox app's, the configure flow's, the Messenger card's), in a plugin of their own: the signature covers the exact bytes, so JSON bodies stay
 * a Buffer here. Intercom calls them server to server, authenticated by X-Body-Signature, not by cookies (no CSRF).
 */
export const intercomCanvasRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
  const signed = <T>(path: string, answer: Record<200, TSchema>, handle: (input: never) => Promise<T>) =>
    app.post(path, { config: { csrf: false }, schema: { tags: ['helpdesk'], response: { ...answer, 401: ErrorBodySchema, 409: ErrorBodySchema, 422: ErrorBodySchema } } }, async (request) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-body-signature'];
      verifyCanvasSignature(app.ctx, raw, typeof signature === 'string' ? signature : undefined);
      let input: unknown;
      try {
        input = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('VALIDATION_FAILED', 'The Canvas Kit request is not JSON.');
      }
      return handle((input ?? {}) as never);
    });
  // The inbox app in the conversation's details panel.
  for (const step of ['initialize', 'submit']) signed(`/api/v1/integrations/intercom/canvas/${step}`, { 200: IntercomCanvasSchema }, (input) => answerCanvas(app.ctx, app.trackers, input));
  // The app inserted into a reply: configured by the teammate, then drawn as a card in the customer's Messenger.
  signed('/api/v1/integrations/intercom/canvas/configure', { 200: IntercomConfigureAnswerSchema }, (input) => answerConfigure(app.ctx, input));
  signed('/api/v1/integrations/intercom/messenger/initialize', { 200: IntercomCanvasSchema }, (input) => answerMessengerCard(app.ctx, input));
};
