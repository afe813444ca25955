import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Database, RecordingRequestsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;
export type RecordingRequestRecord = Selectable<RecordingRequestsTable> & { submission_count: number };

function withCount(db: Db) {
  return db
    .selectFrom('recording_requests as r')
    .selectAll('r')
    .select((eb) =>
      eb
        .selectFrom('submissions as s')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('s.request_id', '=', 'r.id')
        .as('submission_count'),
    );
}

export async function insertRequest(db: Db, values: Insertable<RecordingRequestsTable>): Promise<string> {
  const row = await db.insertInto('recording_requests').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findRequest(db: Db, accountId: string, id: string): Promise<RecordingRequestRecord | undefined> {
  const row = await withCount(db).where('r.account_id', '=', accountId).where('r.id', '=', id).executeTakeFirst();
  return row as RecordingRequestRecord | undefined;
}

export async function listRequests(
  db: Db,
  accountId: string,
  filter: { status?: 'active' | 'archived'; q?: string; limit: number; offset: number },
): Promise<{ rows: RecordingRequestRecord[]; total: number }> {
  let base = db.selectFrom('recording_requests as r').where('r.account_id', '=', accountId);
  if (filter.status) base = base.where('r.status', '=', filter.status);
  if (filter.q) base = base.where('r.title', 'ilike', `%${escapeLike(filter.q)}%`);
  const { total } = await base.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  let query = withCount(db).where('r.account_id', '=', accountId);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  if (filter.q) query = query.where('r.title', 'ilike', `%${escapeLike(filter.q)}%`);
  const rows = await query.orderBy('r.created_at', 'desc').orderBy('r.id').limit(filter.limit).offset(filter.offset).execute();
  return { rows: rows as RecordingRequestRecord[], total };
}

export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function updateRequest(db: Db, accountId: string, id: string, values: Updateable<RecordingRequestsTable>): Promise<boolean> {
  const result = await db
    .updateTable('recording_requests')
    .set({ ...values, updated_at: sql`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteRequest(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('recording_requests').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * The request's current token, its row locked until the transaction ends: two revokes at once take turns instead of
 * deadlocking (each would hold the key-share lock its revoked-token insert takes and wait for the other's).
 */
export async function lockRequestToken(db: Db, accountId: string, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('recording_requests').select('token').where('account_id', '=', accountId).where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.token;
}

export async function recordRevokedToken(db: Db, requestId: string, token: string): Promise<void> {
  await db.insertInto('revoked_request_tokens').values({ token, request_id: requestId }).onConflict((oc) => oc.doNothing()).execute();
}

/** The name recipients know the account by: its business name when branded (modules/branding). */
const recipientFacingName = sql<string>`coalesce(b.business_name, a.name)`.as('account_name');

/** The request behind a link token, with the account's name for the recorder's header. */
export async function findRequestByToken(db: Db, token: string) {
  return db
    .selectFrom('recording_requests as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('account_branding as b', 'b.account_id', 'a.id')
    .selectAll('r')
    .select(recipientFacingName)
    .where('r.token', '=', token)
    .executeTakeFirst();
}

/** A retired link token: the account that issued it (its name goes on the recorder's "ask … for a new link"). */
export async function findRevokedToken(db: Db, token: string): Promise<{ account_name: string } | undefined> {
  return db
    .selectFrom('revoked_request_tokens as t')
    .innerJoin('recording_requests as r', 'r.id', 't.request_id')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('account_branding as b', 'b.account_id', 'a.id')
    .select(recipientFacingName)
    .where('t.token', '=', token)
    .executeTakeFirst();
}
