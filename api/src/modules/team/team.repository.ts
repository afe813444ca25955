import { sql, type ExpressionBuilder } from 'kysely';
import type { AssignableRole, Role } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { AccountRow, Database } from '../../db/schema.ts';

/** Locks the account row: seat checks and ownership changes of one account run one at a time. */
export function lockAccount(db: Db, accountId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).forUpdate().executeTakeFirst();
}

export function listMembers(db: Db, accountId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'last_active_at', 'created_at'])
    .where('account_id', '=', accountId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

export function findMember(db: Db, accountId: string, userId: string): Promise<MemberRow | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'last_active_at', 'created_at'])
    .where('account_id', '=', accountId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findMemberByEmail(db: Db, accountId: string, email: string): Promise<{ id: string } | undefined> {
  return db.selectFrom('users').select('id').where('account_id', '=', accountId).where(sql<string>`lower(email)`, '=', email).executeTakeFirst();
}

export async function setRole(db: Db, accountId: string, userId: string, role: Role): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: new Date() }).where('account_id', '=', accountId).where('id', '=', userId).execute();
}

/** Deletes the user: sessions, identities and reset links go with them (cascade); what they created keeps its row. */
export async function deleteMember(db: Db, accountId: string, userId: string): Promise<void> {
  await db.deleteFrom('users').where('account_id', '=', accountId).where('id', '=', userId).execute();
}

export async function countMembers(db: Db, accountId: string): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<string>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.n);
}

const invitationColumns = ['i.id', 'i.email', 'i.role', 'i.expires_at', 'i.created_at', 'i.accepted_at', 'i.revoked_at', 'i.account_id', 'inviter.name as invited_by_name'] as const;

function invitationQuery(db: Db) {
  return db.selectFrom('invitations as i').leftJoin('users as inviter', 'inviter.id', 'i.invited_by').select(invitationColumns);
}

/** Neither accepted nor revoked (it may have expired). */
const isOpen = (eb: ExpressionBuilder<Database, 'invitations'>) => eb.and([eb('accepted_at', 'is', null), eb('revoked_at', 'is', null)]);

export type InvitationRow = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** Invitations not yet accepted or revoked, expired ones included (they can be resent). */
export function listOpenInvitations(db: Db, accountId: string) {
  return invitationQuery(db).where('i.account_id', '=', accountId).where('i.accepted_at', 'is', null).where('i.revoked_at', 'is', null).orderBy('i.created_at').orderBy('i.id').execute();
}

export function findInvitation(db: Db, accountId: string, id: string) {
  return invitationQuery(db).where('i.account_id', '=', accountId).where('i.id', '=', id).executeTakeFirst();
}

export function findOpenInvitationByEmail(db: Db, accountId: string, email: string) {
  return invitationQuery(db)
    .where('i.account_id', '=', accountId)
    .where(sql<string>`lower(i.email)`, '=', email)
    .where('i.accepted_at', 'is', null)
    .where('i.revoked_at', 'is', null)
    .executeTakeFirst();
}

export function findInvitationByTokenHash(db: Db, tokenHash: string) {
  return invitationQuery(db)
    .innerJoin('accounts as a', 'a.id', 'i.account_id')
    .select('a.name as account_name')
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Open invitations that still hold a seat (not expired at `now`). */
export async function countPendingInvitations(db: Db, accountId: string, now: Date): Promise<number> {
  const row = await db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('account_id', '=', accountId)
    .where(isOpen)
    .where('expires_at', '>', now)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertInvitation(
  db: Db,
  row: { account_id: string; email: string; role: AssignableRole; token_hash: string; invited_by: string; expires_at: Date },
): Promise<string> {
  const { id } = await db.insertInto('invitations').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** A new token and expiry for an open invitation: the link sent before stops working. */
export async function renewInvitation(db: Db, accountId: string, id: string, change: { token_hash: string; invited_by: string; expires_at: Date }): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set(change)
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where(isOpen)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function revokeInvitation(db: Db, accountId: string, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ revoked_at: now })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where(isOpen)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Marks the invitation used if it is still open and unexpired; one caller wins when two race. */
export function consumeInvitation(db: Db, tokenHash: string, now: Date) {
  return db
    .updateTable('invitations')
    .set({ accepted_at: now })
    .where('token_hash', '=', tokenHash)
    .where(isOpen)
    .where('expires_at', '>', now)
    .returning(['id', 'account_id', 'email', 'role'])
    .executeTakeFirst();
}

export async function setAcceptedUser(db: Db, invitationId: string, userId: string): Promise<void> {
  await db.updateTable('invitations').set({ accepted_user_id: userId }).where('id', '=', invitationId).execute();
}
