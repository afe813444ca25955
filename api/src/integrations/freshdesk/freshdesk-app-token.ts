import type { FreshdeskAppToken } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { hashToken, newToken } from '../../modules/auth/tokens.ts';
import type { SessionUser } from '../../modules/auth/sessions.service.ts';
import { freshdeskConnection } from './freshdesk.service.ts';

/**
 * The Freshdesk app's credential (docs/freshdesk.md, "How the app signs in"). Freshdesk apps reach outside services
 * only through Freshworks' request proxy, whose secrets are the installation's parameters, so the app cannot hold a
 * per-agent session as the Zendesk app does: an owner or admin issues one token on the card and pastes it into the
 * app's secure parameter; the app acts as them. Issuing again replaces it; disconnecting forgets it.
 */
const PREFIX = 'sbf_';

export async function issueFreshdeskAppToken(ctx: AppContext, user: { id: string; accountId: string }): Promise<FreshdeskAppToken> {
  await freshdeskConnection(ctx, user.accountId);
  const token = PREFIX + newToken().token;
  const issuedAt = new Date();
  await ctx.db
    .updateTable('freshdesk_connections')
    .set({ app_token_hash: hashToken(token), app_token_user_id: user.id, app_token_issued_at: issuedAt, updated_at: issuedAt })
    .where('account_id', '=', user.accountId)
    .execute();
  return { token, issued_at: issuedAt.toISOString() };
}

/** The member the app token acts for, or undefined: unknown token, replaced, disconnected, or member disabled. */
export async function resolveFreshdeskAppToken(ctx: AppContext, token: string): Promise<SessionUser | undefined> {
  if (!token.startsWith(PREFIX)) return undefined;
  const row = await ctx.db
    .selectFrom('freshdesk_connections as c')
    .innerJoin('users as u', 'u.id', 'c.app_token_user_id')
    .select(['u.id', 'u.account_id', 'u.role', 'u.is_sysadmin', 'u.email', 'u.name'])
    .where('c.app_token_hash', '=', hashToken(token))
    .where('u.disabled_at', 'is', null)
    .whereRef('u.account_id', '=', 'c.account_id')
    .executeTakeFirst();
  return row && { id: row.id, accountId: row.account_id, role: row.role, isSysadmin: row.is_sysadmin, email: row.email, name: row.name };
}
