import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { SupportRepliesTable, SupportRequestRow } from '../../db/schema.ts';
import type { Selectable } from 'kysely';

export type SupportReplyRow = Selectable<SupportRepliesTable>;
export type AdminSupportRow = SupportRequestRow & { account_name: string | null };

export interface Page {
  page: number;
  perPage: number;
}

/** `%` and `_` typed into a search box are letters, not patterns. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listForUser(db: Db, userId: string, { page, perPage }: Page): Promise<{ rows: SupportRequestRow[]; total: number }> {
  const base = db.selectFrom('support_requests').where('user_id', '=', userId);
  const [rows, { n }] = await Promise.all([
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

export async function findForUser(db: Db, userId: string, id: string): Promise<SupportRequestRow | undefined> {
  return db.selectFrom('support_requests').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function countRecentForUser(db: Db, userId: string, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('support_requests')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function submissionInAccount(db: Db, accountId: string, submissionId: string): Promise<boolean> {
  const row = await db.selectFrom('submissions').select('id').where('id', '=', submissionId).where('account_id', '=', accountId).executeTakeFirst();
  return row !== undefined;
}

/** Replies of several requests, oldest first, grouped by request. */
export async function repliesOf(db: Db, requestIds: string[]): Promise<Map<string, SupportReplyRow[]>> {
  const byRequest = new Map<string, SupportReplyRow[]>(requestIds.map((id) => [id, []]));
  if (requestIds.length === 0) return byRequest;
  const rows = await db.selectFrom('support_replies').selectAll().where('support_request_id', 'in', requestIds).orderBy('created_at').orderBy('id').execute();
  for (const row of rows) byRequest.get(row.support_request_id)!.push(row);
  return byRequest;
}

export interface AdminFilter extends Page {
  status?: 'open' | 'closed';
  source?: string;
  q?: string;
}

export async function listForStaff(db: Db, filter: AdminFilter): Promise<{ rows: AdminSupportRow[]; total: number }> {
  let base = db.selectFrom('support_requests');
  if (filter.status) base = base.where('support_requests.status', '=', filter.status);
  if (filter.source) base = base.where('support_requests.source', '=', filter.source);
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    base = base.where((eb) =>
      eb.or([
        eb('support_requests.email', 'ilike', pattern),
        eb('support_requests.name', 'ilike', pattern),
        eb('support_requests.subject', 'ilike', pattern),
        eb('support_requests.message', 'ilike', pattern),
      ]),
    );
  }
  // The page's ids from support_requests alone, then the account's name for those rows only: a deep page skips index
  // entries rather than rows joined to every account.
  const page = base.select('support_requests.id').orderBy('support_requests.created_at', 'desc').orderBy('support_requests.id', 'desc').limit(filter.perPage).offset((filter.page - 1) * filter.perPage);
  const [rows, { n }] = await Promise.all([
    db
      .selectFrom('support_requests')
      .leftJoin('accounts', 'accounts.id', 'support_requests.account_id')
      .selectAll('support_requests')
      .select('accounts.name as account_name')
      .where('support_requests.id', 'in', page)
      .orderBy('support_requests.created_at', 'desc')
      .orderBy('support_requests.id', 'desc')
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

export async function findForStaff(db: Db, id: string): Promise<AdminSupportRow | undefined> {
  return db
    .selectFrom('support_requests')
    .leftJoin('accounts', 'accounts.id', 'support_requests.account_id')
    .selectAll('support_requests')
    .select('accounts.name as account_name')
    .where('support_requests.id', '=', id)
    .executeTakeFirst();
}

/** Locks the request for a change by staff, so two admins answering at once are recorded one after the other. */
export async function lockRequest(db: Db, id: string): Promise<SupportRequestRow | undefined> {
  return db.selectFrom('support_requests').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Locks one of the user's own requests for their follow-up; another person's request is not found. */
export async function lockUsersRequest(db: Db, userId: string, id: string): Promise<SupportRequestRow | undefined> {
  return db.selectFrom('support_requests').selectAll().where('id', '=', id).where('user_id', '=', userId).forUpdate().executeTakeFirst();
}

export async function countRecentFollowUps(db: Db, userId: string, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('support_replies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('author_user_id', '=', userId)
    .where('author', '=', 'customer')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertReply(db: Db, reply: { requestId: string; author: 'staff' | 'customer'; authorUserId: string; authorName: string; body: string }): Promise<SupportReplyRow> {
  const row = await db
    .insertInto('support_replies')
    .values({ support_request_id: reply.requestId, author: reply.author, author_user_id: reply.authorUserId, author_name: reply.authorName, body: reply.body })
    .returningAll()
    .executeTakeFirstOrThrow();
  await db.updateTable('support_requests').set({ last_reply_at: sql`now()` }).where('id', '=', reply.requestId).execute();
  return row;
}

export async function setStatus(db: Db, id: string, status: 'open' | 'closed'): Promise<void> {
  await db.updateTable('support_requests').set({ status }).where('id', '=', id).execute();
}

export async function markReplyEmailed(db: Db, replyId: string, error: string | null): Promise<void> {
  await db
    .updateTable('support_replies')
    .set(error ? { email_error: error } : { emailed_at: new Date(), email_error: null })
    .where('id', '=', replyId)
    .execute();
}
