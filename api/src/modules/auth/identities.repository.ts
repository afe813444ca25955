import type { Db } from '../../db/database.ts';

export function findIdentity(db: Db, provider: string, subject: string) {
  return db.selectFrom('identities').select(['id', 'user_id']).where('provider', '=', provider).where('subject', '=', subject).executeTakeFirst();
}

/** Links the identity to the user unless it is linked already (to anyone); the caller reads back the winner. */
export async function insertIdentity(db: Db, row: { user_id: string; provider: string; subject: string; email: string }): Promise<void> {
  await db.insertInto('identities').values(row).onConflict((oc) => oc.columns(['provider', 'subject']).doNothing()).execute();
}

export async function touchIdentity(db: Db, id: string, email: string): Promise<void> {
  await db.updateTable('identities').set({ email, last_used_at: new Date() }).where('id', '=', id).execute();
}

export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: true, updated_at: new Date() }).where('id', '=', userId).where('email_verified', '=', false).execute();
}
