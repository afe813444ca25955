import type { Db } from '../../db/database.ts';
import { revokeUserTokens } from '../access-tokens/access-tokens.repository.ts';
import { invalidateUserResets } from './password-resets.repository.ts';
import { deleteUserSessions } from './sessions.repository.ts';

/** What a disabled user is told, only once they have shown a password or a reset link: it tells them who to ask. */
export const USER_DISABLED_MESSAGE = 'This user has been disabled. Please contact Showback support.';

/**
 * What ends a user's credentials (docs/authentication.md, "Credential lifecycle", is the table):
 * - `disabled` and `removed`: the person may no longer act for the account, so everything they hold or handed out ends:
 *   sessions, reset links, personal access tokens, the open invitations they sent and the Zapier key they created
 *   (with its zaps);
 * - `password_changed` and `email_changed`: the person stays; their other sessions and every reset link end (a link
 *   mailed to the old address, or asked for by whoever knew the old password, must not undo the change).
 * Run it in the transaction that makes the change, so the change and its consequences commit together.
 */
export type CredentialEvent = 'disabled' | 'removed' | 'password_changed' | 'email_changed';

export async function endCredentials(db: Db, userId: string, event: CredentialEvent, keepSessionId?: string): Promise<void> {
  await invalidateUserResets(db, userId);
  if (event === 'password_changed' || event === 'email_changed') {
    await deleteUserSessions(db, userId, keepSessionId);
    return;
  }
  await deleteUserSessions(db, userId);
  await revokeUserTokens(db, userId);
  await db.updateTable('invitations').set({ revoked_at: new Date() }).where('invited_by', '=', userId).where('accepted_at', 'is', null).where('revoked_at', 'is', null).execute();
  const keys = db.selectFrom('zapier_keys').select('account_id').where('created_by', '=', userId);
  await db.deleteFrom('zapier_subscriptions').where('account_id', 'in', keys).execute();
  await db.deleteFrom('zapier_keys').where('created_by', '=', userId).execute();
}
