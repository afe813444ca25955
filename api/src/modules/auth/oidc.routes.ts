import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { OAUTH_PROVIDERS } from '@showback/contract';
import { oidcSettings } from './oidc-clients.ts';
import { beginSignIn, finishSignIn, OidcSignInError } from './oidc.service.ts';
import { attributionFrom, keepPendingSignIn, safeRedirectPath, takePendingSignIn } from './pending-sign-in.ts';
import { startSession } from './sessions.service.ts';

type SignInError = 'provider_not_configured' | 'oauth_failed' | 'email_not_verified';

/** The sign-in page with the reason, still holding the landing path so that trying again lands there too. */
function backToSignIn(reply: FastifyReply, error: SignInError, redirectTo: string | null = null): FastifyReply {
  const query = new URLSearchParams({ error });
  if (redirectTo) query.set('redirect_to', redirectTo);
  return reply.redirect(`/sign-in?${query}`, 303);
}

/**
 * Google and Slack sign-in (OpenID Connect, authorization code flow). The sign-in page posts an HTML form here; the
 * browser goes to the provider and comes back to the callback, which starts a 30-day session. Every failure lands
 * on /sign-in?error=<reason>. The form may carry redirect_to (where a password sign-in would land) and the sign-up
 * attribution; both travel in the signed pending-sign-in cookie, never through the provider.
 */
export const oidcRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // Only these routes read HTML form posts; URLSearchParams is the standard parser for them, so no plugin. The limit
  // fits every field at its maximum length in percent-encoded non-ASCII, so a sign-in never ends on a 413.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 65536 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  for (const provider of OAUTH_PROVIDERS) {
    app.post(`/users/auth/${provider}`, { config: { csrf: 'form' } }, async (request, reply) => {
      const form = (request.body ?? {}) as Record<string, unknown>;
      const settings = oidcSettings(ctx.config, provider);
      const redirectTo = safeRedirectPath(form.redirect_to);
      if (!settings) return backToSignIn(reply, 'provider_not_configured', redirectTo);
      try {
        const { url, pending } = await beginSignIn(ctx, provider, settings, { redirectTo, attribution: attributionFrom(form) });
        keepPendingSignIn(request, reply, pending);
        return reply.redirect(url.href, 303);
      } catch (error) {
        request.log.error({ err: error, provider }, 'OpenID sign-in could not start (provider discovery failed?)');
        return backToSignIn(reply, 'oauth_failed', redirectTo);
      }
    });

    app.get(`/users/auth/${provider}/callback`, async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const pending = takePendingSignIn(request, reply, provider);
      const settings = oidcSettings(ctx.config, provider);
      if (!settings) return backToSignIn(reply, 'provider_not_configured', pending?.redirectTo);
      if (!pending) {
        request.log.warn({ provider }, 'OpenID callback without a valid pending sign-in (expired, forged or from another browser)');
        return backToSignIn(reply, 'oauth_failed');
      }
      try {
        const userId = await finishSignIn(ctx, settings, pending, new URL(`${ctx.config.publicUrl}${request.url}`));
        await startSession(request, reply, userId, true);
        return reply.redirect(pending.redirectTo ?? '/dashboard', 303);
      } catch (error) {
        if (error instanceof OidcSignInError && error.reason === 'email_not_verified') {
          request.log.info({ provider }, error.message);
          return backToSignIn(reply, 'email_not_verified', pending.redirectTo);
        }
        // Denied consent, a tampered state, an invalid ID token, an unreachable provider.
        request.log.warn({ err: error, provider }, 'OpenID sign-in failed');
        return backToSignIn(reply, 'oauth_failed', pending.redirectTo);
      }
    });
  }
};
