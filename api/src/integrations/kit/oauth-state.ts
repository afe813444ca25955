import crypto from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { IntegrationOauthStatesTable } from '../../db/schema.ts';

const STATE_TTL_MS = 10 * 60 * 1000;

const hash = (state: string): string => crypto.createHash('sha256').update(state).digest('base64url');

export interface OAuthStateOwner {
  userId: string;
  accountId: string;
}

/** A new `state` for one OAuth round trip, bound to the person who starts it. */
export async function createOAuthState(db: Db, provider: IntegrationOauthStatesTable['provider'], owner: OAuthStateOwner): Promise<string> {
  const state = crypto.randomBytes(24).toString('base64url');
  await db.deleteFrom('integration_oauth_states').where('expires_at', '<', new Date()).execute();
  await db
    .insertInto('integration_oauth_states')
    .values({ state_hash: hash(state), provider, user_id: owner.userId, account_id: owner.accountId, expires_at: new Date(Date.now() + STATE_TTL_MS) })
    .execute();
  return state;
}

/**
 * Uses up `state`: true only when it was issued for this provider to this same person and has not expired.
 * It is deleted whatever the answer, so a state works once.
 */
export async function consumeOAuthState(db: Db, provider: IntegrationOauthStatesTable['provider'], state: string | undefined, owner: OAuthStateOwner): Promise<boolean> {
  if (!state) return false;
  const row = await db.deleteFrom('integration_oauth_states').where('state_hash', '=', hash(state)).returningAll().executeTakeFirst();
  return (
    row !== undefined &&
    row.provider === provider &&
    row.user_id === owner.userId &&
    row.account_id === owner.accountId &&
    new Date(row.expires_at).getTime() > Date.now()
  );
}
