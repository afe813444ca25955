import type { AppContext } from '../../context.ts';
import { accessWithRefresh, accountRow, type Access } from '../kit/oauth-tokens.ts';
import { providerAppError } from '../kit/provider-failure.ts';
import { refreshGrant } from '../kit/oauth.ts';
import { jiraOAuth } from './jira-client.ts';
import * as repo from './jira.repository.ts';

export type JiraAccess = Access<repo.JiraConnectionRow>;

/**
 * The connection and a usable access token: Atlassian's access tokens live an hour and every refresh rotates the
 * refresh token, so an expiring one is refreshed under the connection row's lock. A refused refresh (grant revoked,
 * 90 days unused) puts the connection in its error state.
 */
export async function jiraAccess(ctx: AppContext, row: repo.JiraConnectionRow): Promise<JiraAccess> {
  const access = await accessWithRefresh(ctx, row, {
    ...accountRow('jira_connections', row.account_id),
    refresh: (refreshToken) => refreshGrant(jiraOAuth(ctx), refreshToken),
    gone: { kind: 'broken', message: 'Jira was disconnected.' },
    unreadable: { kind: 'broken', message: 'The saved Jira access can no longer be read (the encryption key changed). Reconnect Jira.' },
  });
  if ('failure' in access && access.failure.kind === 'broken') await repo.setJiraError(ctx.db, row.account_id, row.access_token_encrypted, access.failure.message);
  return access;
}

/** A usable token for a person's request, or the error they see (a refused refresh marks the connection broken). */
export async function jiraAccessFor(ctx: AppContext, row: repo.JiraConnectionRow): Promise<{ row: repo.JiraConnectionRow; token: string }> {
  const access = await jiraAccess(ctx, row);
  if ('failure' in access) throw providerAppError(access.failure);
  return access;
}
