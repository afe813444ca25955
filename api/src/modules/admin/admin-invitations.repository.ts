import { sql } from 'kysely';
import type { AdminInvitationQuery } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import { likePattern } from '../support/support.repository.ts';

const status = sql<'pending' | 'accepted' | 'expired' | 'revoked'>`case when i.revoked_at is not null then 'revoked' when i.accepted_at is not null then 'accepted' when i.expires_at <= now() then 'expired' else 'pending' end`;

const ORDER = {
  newest: sql`i.created_at desc`,
  oldest: sql`i.created_at asc`,
  expiring: sql`i.expires_at asc`,
} as const;

export async function listInvitations(db: Db, query: AdminInvitationQuery & { page: number; perPage: number }) {
  let base = db.selectFrom('invitations as i').innerJoin('accounts as a', 'a.id', 'i.account_id');
  const q = query.q?.trim();
  if (q) base = base.where((eb) => eb.or([eb('i.email', 'ilike', likePattern(q)), eb('a.name', 'ilike', likePattern(q))]));
  if (query.status === 'revoked') base = base.where('i.revoked_at', 'is not', null);
  if (query.status === 'accepted') base = base.where('i.accepted_at', 'is not', null);
  if (query.status === 'pending' || query.status === 'expired') {
    base = base.where('i.revoked_at', 'is', null).where('i.accepted_at', 'is', null).where('i.expires_at', query.status === 'pending' ? '>' : '<=', sql<Date>`now()`);
  }
  const listed = base
    .leftJoin('users as inviter', 'inviter.id', 'i.invited_by')
    .select(['i.id', 'i.account_id', 'a.name as account_name', 'i.email', 'i.role', status.as('status'), 'inviter.email as invited_by_email', 'i.created_at', 'i.expires_at'])
    .orderBy(ORDER[query.sort ?? 'newest'])
    .orderBy('i.id');
  const [rows, { n }] = await Promise.all([
    listed.limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

/** An invitation and its state, its row locked until the transaction ends. */
export async function lockInvitation(db: Db, id: string) {
  return db.selectFrom('invitations as i').select(['i.email', 'i.account_id', 'i.role', status.as('status')]).where('i.id', '=', id).forUpdate().executeTakeFirst();
}

export async function revokeInvitation(db: Db, id: string): Promise<void> {
  await db.updateTable('invitations').set({ revoked_at: sql<Date>`now()` }).where('id', '=', id).execute();
}
