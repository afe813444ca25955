import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AccountRow, NewAccount, NewUser, UserRow, UserUpdate } from '../../db/schema.ts';

export async function insertAccount(db: Db, account: NewAccount): Promise<AccountRow> {
  return db.insertInto('accounts').values(account).returningAll().executeTakeFirstOrThrow();
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAccountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateUser(db: Db, id: string, changes: UserUpdate): Promise<void> {
  await db.updateTable('users').set({ ...changes, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function anySysadmin(db: Db): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('is_sysadmin', '=', true).limit(1).executeTakeFirst());
}
