import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Without a choice of their own, owners and admins get new-recording emails and members do not. */
const WANTS_NEW_RECORDING_EMAIL = sql<boolean>`coalesce(p.new_recording_email, u.role in ('owner', 'admin'))`;

export interface AlertRecipient {
  id: string;
  email: string;
  name: string;
}

export async function newRecordingRecipients(db: Db, accountId: string): Promise<AlertRecipient[]> {
  return db
    .selectFrom('users as u')
    .leftJoin('alert_preferences as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.name'])
    .where('u.account_id', '=', accountId)
    .where(WANTS_NEW_RECORDING_EMAIL)
    .orderBy('u.created_at')
    .execute();
}

/** The person, when they still belong to the account and still want the email. */
export async function findNewRecordingRecipient(db: Db, accountId: string, userId: string): Promise<AlertRecipient | undefined> {
  return db
    .selectFrom('users as u')
    .leftJoin('alert_preferences as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.email', 'u.name'])
    .where('u.account_id', '=', accountId)
    .where('u.id', '=', userId)
    .where(WANTS_NEW_RECORDING_EMAIL)
    .executeTakeFirst();
}

export async function wantsNewRecordingEmail(db: Db, userId: string): Promise<boolean | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('alert_preferences as p', 'p.user_id', 'u.id')
    .select(WANTS_NEW_RECORDING_EMAIL.as('wants'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row?.wants;
}

export async function setNewRecordingEmail(db: Db, userId: string, wanted: boolean): Promise<void> {
  await db
    .insertInto('alert_preferences')
    .values({ user_id: userId, new_recording_email: wanted })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ new_recording_email: wanted, updated_at: sql<Date>`now()` }))
    .execute();
}
