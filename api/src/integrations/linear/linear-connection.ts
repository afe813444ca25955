import type { AppContext } from '../../context.ts';
import { accessWithRefresh, accountRow, type Access } from '../kit/oauth-tokens.ts';
import { refreshGrant } from '../kit/oauth.ts';
import { linearOAuth } from './linear-client.ts';
import * as repo from './linear.repository.ts';

export type LinearAccess = Access<repo.LinearConnectionRow>;

/**
 * The connection and a usable access token: Linear's access tokens live about a day and its refresh tokens rotate,
 * so an expiring one is refreshed under the connection row's lock. A refused refresh puts the connection in its
 * error state.
 */
export async function linearAccess(ctx: AppContext, row: repo.LinearConnectionRow): Promise<LinearAccess> {
  const access = await accessWithRefresh(ctx, row, {
    ...accountRow('linear_connections', row.account_id),
    refresh: (refreshToken) => refreshGrant(linearOAuth(ctx), refreshToken),
    gone: { kind: 'broken', message: 'Linear was disconnected.' },
    unreadable: { kind: 'broken', message: 'The saved Linear access can no longer be read (the encryption key changed). Reconnect Linear.' },
  });
  if ('failure' in access && access.failure.kind === 'broken') await repo.setLinearError(ctx.db, row.account_id, row.access_token_encrypted, access.failure.message);
  return access;
}
