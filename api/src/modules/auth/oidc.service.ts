import * as client from 'openid-client';
import { USER_LIMITS, type OAuthProvider } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createOwner, normaliseEmail } from '../users/users.service.ts';
import * as usersRepo from '../users/users.repository.ts';
import * as repo from './identities.repository.ts';
import { callbackUrl, oidcClient, type OidcSettings } from './oidc-clients.ts';
import type { Attribution, PendingSignIn } from './pending-sign-in.ts';

/** Why a sign-in through a provider did not happen; the sign-in page shows a message per reason. */
export type OidcFailure = 'oauth_failed' | 'email_not_verified';

export class OidcSignInError extends Error {
  constructor(
    readonly reason: OidcFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OidcSignInError';
  }
}

const SCOPE = 'openid email profile';

/** Where to send the browser, and what to keep until it comes back: authorization code flow with PKCE, state and nonce. */
export async function beginSignIn(
  ctx: AppContext,
  provider: OAuthProvider,
  settings: OidcSettings,
  kept: Pick<PendingSignIn, 'redirectTo' | 'attribution'>,
): Promise<{ url: URL; pending: PendingSignIn }> {
  const config = await oidcClient(settings);
  const codeVerifier = client.randomPKCECodeVerifier();
  const pending: PendingSignIn = { provider, state: client.randomState(), nonce: client.randomNonce(), codeVerifier, ...kept, startedAt: Date.now() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(ctx.config.publicUrl, provider),
    scope: SCOPE,
    state: pending.state,
    nonce: pending.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
  });
  return { url, pending };
}

interface Profile {
  subject: string;
  email: string;
  name: string;
}

/**
 * Exchanges the code (openid-client checks state, PKCE, and the ID token's signature, issuer, audience, expiry and
 * nonce), requires a verified email, and answers the id of the user to sign in.
 */
export async function finishSignIn(ctx: AppContext, settings: OidcSettings, pending: PendingSignIn, currentUrl: URL): Promise<string> {
  const config = await oidcClient(settings);
  const tokens = await client.authorizationCodeGrant(config, currentUrl, {
    pkceCodeVerifier: pending.codeVerifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const idToken = tokens.claims();
  if (!idToken) throw new OidcSignInError('oauth_failed', 'The provider answered without an ID token');
  let claims: Record<string, unknown> = idToken;
  // Providers may keep email and name out of the ID token and answer them at the userinfo endpoint instead.
  if (typeof claims.email !== 'string' || claims.email_verified === undefined) {
    claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...claims };
  }
  const email = typeof claims.email === 'string' ? normaliseEmail(claims.email) : '';
  if (!email || email.length > USER_LIMITS.emailMax) throw new OidcSignInError('oauth_failed', 'The provider did not share a usable email address');
  if (claims.email_verified !== true && claims.email_verified !== 'true') {
    throw new OidcSignInError('email_not_verified', 'The provider has not verified this email address');
  }
  return userForIdentity(ctx, pending.provider, { subject: idToken.sub, email, name: displayName(claims, email) }, pending.attribution);
}

function displayName(claims: Record<string, unknown>, email: string): string {
  const given = [claims.given_name, claims.family_name].filter((part) => typeof part === 'string' && part.trim()).join(' ');
  const name = (typeof claims.name === 'string' && claims.name.trim()) || given || email.split('@')[0]!;
  return name.trim().slice(0, USER_LIMITS.nameMax);
}

/**
 * The user this identity signs in: the one it is linked to; else the user with the same (now provider-verified)
 * email, which gets linked; else a new owner with a new account, created like a sign-up (trial included) but
 * without a password, carrying the sign-up attribution the sign-in started with. Concurrent callbacks for one person end up on one user: the unique email and
 * (provider, subject) indexes decide, and the loser reads back the winner.
 */
export async function userForIdentity(ctx: AppContext, provider: OAuthProvider, profile: Profile, attribution: Attribution = {}): Promise<string> {
  const { db } = ctx;
  const linked = await repo.findIdentity(db, provider, profile.subject);
  if (linked) {
    await repo.touchIdentity(db, linked.id, profile.email);
    return linked.user_id;
  }
  let user = await usersRepo.findUserByEmail(db, profile.email);
  if (user) {
    await repo.markEmailVerified(db, user.id);
  } else {
    try {
      user = await createOwner(ctx, { name: profile.name, email: profile.email, passwordHash: null, emailVerified: true, attribution });
    } catch (error) {
      if (!(error instanceof AppError && error.fieldErrors?.email)) throw error;
      user = await usersRepo.findUserByEmail(db, profile.email);
      if (!user) throw error;
    }
  }
  await repo.insertIdentity(db, { user_id: user.id, provider, subject: profile.subject, email: profile.email });
  const winner = await repo.findIdentity(db, provider, profile.subject);
  if (!winner) throw new Error('identity vanished right after it was linked');
  return winner.user_id;
}
