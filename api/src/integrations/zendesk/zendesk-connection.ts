import type { AppContext } from '../../context.ts';
import { accessWithRefresh, accountRow, type Access as TokenAccess } from '../kit/oauth-tokens.ts';
import { refreshGrant } from '../kit/oauth.ts';
import { zendeskOAuth } from './zendesk-client.ts';
import * as repo from './zendesk.repository.ts';

export type Access = TokenAccess<repo.ZendeskConnectionRow>;

/**
 * The connection and a usable access token. An expiring token is refreshed under a lock on the connection row:
 * Zendesk rotates refresh tokens, so two processes refreshing at once would leave one with a spent token.
 * A refused refresh puts the connection in its error state.
 */
export async function zendeskAccess(ctx: AppContext, row: repo.ZendeskConnectionRow): Promise<Access> {
  const access = await accessWithRefresh(ctx, row, {
    ...accountRow('zendesk_connections', row.account_id),
    refresh: (refreshToken, locked) => refreshGrant(zendeskOAuth(ctx, locked.subdomain), refreshToken),
    gone: { kind: 'broken', message: 'Zendesk was disconnected.' },
    unreadable: { kind: 'broken', message: 'The saved Zendesk access can no longer be read (the encryption key changed). Reconnect Zendesk.' },
  });
  if ('failure' in access && access.failure.kind === 'broken') await repo.setZendeskError(ctx.db, row.account_id, row.access_token_encrypted, access.failure.message);
  return access;
}
