import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AlertPreferencesSchema, ErrorBodySchema } from '@showback/contract';
import { AppError } from '../errors.ts';
import { requireUser } from '../plugins/auth.ts';
import { setNewRecordingEmail, wantsNewRecordingEmail } from './alert-preferences.repository.ts';
import { checkUnsubscribeToken } from './unsubscribe-link.ts';
import { escapeHtml as esc, messagePage as page } from '../web/message-page.ts';


// For members, in the dashboard's language (English): the customer's languages are for the customer's side.
const MEMBER_PAGES = 'en';

const UnsubscribeQuery = Type.Object({ user: Type.String({ format: 'uuid' }), token: Type.String({ maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' }) });

/** A person's own alert choices, and the one-click unsubscribe link of new-recording emails. */
export const alertPreferencesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['alerts'];

  app.get('/api/v1/users/me/alert_preferences', { preValidation: requireUser, schema: { tags, response: { 200: AlertPreferencesSchema, 401: ErrorBodySchema } } }, async (request) => ({
    new_recording_email: (await wantsNewRecordingEmail(app.ctx.db, request.user.id)) ?? false,
  }));

  app.put('/api/v1/users/me/alert_preferences', { preValidation: requireUser, schema: { tags, body: AlertPreferencesSchema, response: { 200: AlertPreferencesSchema, 401: ErrorBodySchema, 422: ErrorBodySchema } } }, async (request) => {
    await setNewRecordingEmail(app.ctx.db, request.user.id, request.body.new_recording_email);
    return { new_recording_email: request.body.new_recording_email };
  });

  // Mail clients send RFC 8058's one-click POST as a form ("List-Unsubscribe=One-Click").
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));

  // GET only asks: link scanners in mail systems open links, and must not unsubscribe anyone.
  app.get('/api/v1/public/alerts/unsubscribe', { schema: { tags, querystring: UnsubscribeQuery } }, async (request, reply) => {
    const { user, token } = request.query;
    if (!checkUnsubscribeToken(app.ctx, user, token)) throw new AppError('FORBIDDEN', 'This unsubscribe link is not valid.');
    const action = `/api/v1/public/alerts/unsubscribe?${new URLSearchParams({ user, token })}`;
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page('Stop new-recording emails?', `<p>You will no longer get an email when a recording arrives. You can turn them back on from your account page.</p>
<form method="post" action="${esc(action)}"><button type="submit">Stop these emails</button></form>`, MEMBER_PAGES));
  });

  app.post('/api/v1/public/alerts/unsubscribe', { config: { csrf: false }, schema: { tags, querystring: UnsubscribeQuery } }, async (request, reply) => {
    const { user, token } = request.query;
    if (!checkUnsubscribeToken(app.ctx, user, token)) throw new AppError('FORBIDDEN', 'This unsubscribe link is not valid.');
    if ((await wantsNewRecordingEmail(app.ctx.db, user)) === undefined) throw new AppError('NOT_FOUND', 'This account no longer exists.');
    await setNewRecordingEmail(app.ctx.db, user, false);
    return reply
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page('Done', `<p>You will no longer get new-recording emails. To turn them back on, open <a href="${esc(app.ctx.config.publicUrl)}/my/account">your account page</a>.</p>`, MEMBER_PAGES));
  });
};
