import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AuthorizeUrlSchema, OAuthCallbackQuerySchema } from '@showback/contract';
import type { AppContext } from '../../../src/context.ts';
import { AppError } from '../../../src/errors.ts';
import { connectionAccess, findConnection, saveConnection } from '../../../src/integrations/kit/connections.ts';
import { consumeOAuthState, createOAuthState } from '../../../src/integrations/kit/oauth-state.ts';
import { authorizationUrl, exchangeCode, pkceChallenge, pkceVerifier, refreshGrant, type OAuthApp } from '../../../src/integrations/kit/oauth.ts';
import { callProvider, isProviderFailure, providerAppError, retryAfterSeconds, valueOrThrow, type ProviderFailure } from '../../../src/integrations/kit/provider-failure.ts';
import { settingsOf } from '../../../src/integrations/kit/provider.ts';
import { errors, manage, owner, rateLimited, upstream } from '../../../src/integrations/kit/route-preset.ts';
import { fakeVendorSettings } from './fake-vendor.settings.ts';

const ID = 'fakevendor';

function oauthApp(ctx: AppContext): OAuthApp {
  const app = settingsOf(ctx, fakeVendorSettings);
  if (!app) throw new AppError('INTEGRATION_UNAVAILABLE', 'Fake Vendor is not configured on this server (FAKEVENDOR_CLIENT_ID).');
  return { vendor: 'Fake Vendor', reconnect: 'Reconnect Fake Vendor.', authorizeUrl: `${app.url}/oauth/authorize`, tokenUrl: `${app.url}/oauth/token`, clientId: app.clientId, clientSecret: app.clientSecret };
}

const callbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/${ID}/callback`;

function classify(error: unknown): ProviderFailure {
  if (!(error instanceof Response)) return { kind: 'unreachable', message: `Fake Vendor could not be reached (${(error as Error).message}).` };
  if (error.status === 429) return { kind: 'rate_limited', status: 429, retryAfterSeconds: retryAfterSeconds(error.headers.get('retry-after')), message: 'Fake Vendor is rate limiting Showback.' };
  if (error.status === 401) return { kind: 'broken', status: 401, message: "Fake Vendor no longer accepts Showback's access. Reconnect Fake Vendor." };
  return { kind: 'unreachable', status: error.status, message: `Fake Vendor answered HTTP ${error.status}.` };
}

/** The workspace the account connected, read with a live token. */
async function workspace(ctx: AppContext, accountId: string): Promise<{ name: string }> {
  const row = await findConnection(ctx.db, ID, accountId);
  if (!row) throw new AppError('CONFLICT', 'Connect Fake Vendor first.');
  const access = await connectionAccess(ctx, row, 'Fake Vendor', (refreshToken) => refreshGrant(oauthApp(ctx), refreshToken));
  if ('failure' in access) throw providerAppError(access.failure);
  const answer = await callProvider(async () => {
    const res = await fetch(`${settingsOf(ctx, fakeVendorSettings)!.url}/api/me`, { headers: { authorization: `Bearer ${access.token}` } });
    if (!res.ok) throw res;
    return (await res.json()) as { name: string };
  }, classify);
  return valueOrThrow(answer, () => {});
}

/** A provider's usual routes, written with the kit: connect by OAuth, then one call to the vendor. */
export const fakeVendorRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = `/api/v1/integrations/${ID}`;

  app.post(`${base}/authorize`, { ...manage, schema: { response: { 200: AuthorizeUrlSchema, ...errors } } }, async (request) => {
    const state = await createOAuthState(app.ctx.db, ID, owner(request.user));
    const pkce = await pkceChallenge(pkceVerifier(app.ctx, ID, state));
    return { authorize_url: authorizationUrl(oauthApp(app.ctx), { redirect_uri: callbackUrl(app.ctx), scope: 'read', state, ...pkce }) };
  });

  app.get(`${base}/callback`, { ...manage, schema: { querystring: OAuthCallbackQuerySchema, response: { 302: Type.Null(), ...errors } } }, async (request, reply) => {
    const { code, state } = request.query;
    const stateOk = await consumeOAuthState(app.ctx.db, ID, state, owner(request.user));
    if (!stateOk || !code) return reply.redirect(`/my/integrations?${ID}=failed`);
    const tokens = await exchangeCode(oauthApp(app.ctx), { redirectUri: callbackUrl(app.ctx), code, state: state!, pkceCodeVerifier: pkceVerifier(app.ctx, ID, state!) });
    if (isProviderFailure(tokens)) return reply.redirect(`/my/integrations?${ID}=failed`);
    await saveConnection(app.ctx, ID, owner(request.user), tokens);
    return reply.redirect(`/my/integrations?${ID}=connected`);
  });

  app.get(`${base}/workspace`, { ...manage, schema: { response: { 200: Type.Object({ name: Type.String() }), ...errors, ...upstream, ...rateLimited } } }, async (request) =>
    workspace(app.ctx, request.user.accountId),
  );
};
