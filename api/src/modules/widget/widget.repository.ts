import type { WidgetEvent } from '@showback/contract';
import type { Insertable, Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database, SubmissionEventsTable, WidgetSessionsTable } from '../../db/schema.ts';

type Db = Kysely<Database>;

export async function findSettings(db: Db, accountId: string) {
  return db.selectFrom('widget_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function findSettingsByKey(db: Db, key: string) {
  return db.selectFrom('widget_settings').selectAll().where('public_key', '=', key).executeTakeFirst();
}

/** Creates the account's settings unless a concurrent call did; returns whether this call did. */
export async function insertSettings(db: Db, accountId: string, key: string): Promise<boolean> {
  const row = await db
    .insertInto('widget_settings')
    .values({ account_id: accountId, public_key: key })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function updateSettings(db: Db, accountId: string, values: { public_key?: string; request_id?: string | null; appearance?: string }): Promise<void> {
  await db.updateTable('widget_settings').set({ ...values, updated_at: sql`now()` }).where('account_id', '=', accountId).execute();
}

export async function listOrigins(db: Db, accountId: string): Promise<string[]> {
  const rows = await db.selectFrom('widget_origins').select('origin').where('account_id', '=', accountId).execute();
  // Sorted here: database collations order `*` and letters differently.
  return rows.map((r) => r.origin).sort();
}

/** In a transaction: the settings row is locked first, so two saves at once take turns instead of one inserting an origin the other just inserted (a duplicate key). */
export async function replaceOrigins(db: Db, accountId: string, origins: string[]): Promise<void> {
  await db.selectFrom('widget_settings').select('account_id').where('account_id', '=', accountId).forUpdate().execute();
  await db.deleteFrom('widget_origins').where('account_id', '=', accountId).execute();
  if (origins.length) await db.insertInto('widget_origins').values(origins.map((origin) => ({ account_id: accountId, origin }))).execute();
}

/** Whether any account allows one of these entries: what a CORS preflight, which has no key, can know. */
export async function anyAccountAllows(db: Db, candidates: string[]): Promise<boolean> {
  if (!candidates.length) return false;
  const row = await db.selectFrom('widget_origins').select('origin').where('origin', 'in', candidates).limit(1).executeTakeFirst();
  return row !== undefined;
}

export async function insertSession(db: Db, values: Insertable<WidgetSessionsTable>): Promise<void> {
  await db.insertInto('widget_sessions').values(values).execute();
}

export async function findSessionByHash(db: Db, tokenHash: string) {
  return db.selectFrom('widget_sessions').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export async function findAccount(db: Db, accountId: string) {
  return db.selectFrom('accounts').select(['id', 'plan', 'trial_ends_at']).where('id', '=', accountId).executeTakeFirst();
}

export async function hasContext(db: Db, submissionId: string): Promise<boolean> {
  const row = await db.selectFrom('submission_context').select('submission_id').where('submission_id', '=', submissionId).executeTakeFirst();
  return row !== undefined;
}

export async function insertContext(
  db: Db,
  values: { submission_id: string; origin: string | null; metadata: string; identity: string | null; dropped_events: number },
  events: Insertable<SubmissionEventsTable>[],
): Promise<void> {
  // Inside the caller's transaction when there is one (a new submission stores its context with its row).
  const inTransaction = (work: (trx: Db) => Promise<void>): Promise<void> => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await inTransaction(async (trx) => {
    const inserted = await trx.insertInto('submission_context').values(values).onConflict((oc) => oc.column('submission_id').doNothing()).returning('submission_id').executeTakeFirst();
    if (!inserted) return;
    // Batches keep each statement well under the bind-parameter limit.
    for (let i = 0; i < events.length; i += 500) await trx.insertInto('submission_events').values(events.slice(i, i + 500)).execute();
  });
}

export async function findContext(db: Db, accountId: string, submissionId: string) {
  return db
    .selectFrom('submissions as s')
    .leftJoin('submission_context as c', 'c.submission_id', 's.id')
    .select(['s.id', 'c.origin', 'c.metadata', 'c.identity', 'c.dropped_events'])
    .where('s.account_id', '=', accountId)
    .where('s.id', '=', submissionId)
    .executeTakeFirst();
}

/** A stored event row in its wire shape. */
export const eventOfRow = (row: { offset_ms: number; kind: string; payload: unknown }): WidgetEvent => ({ ...(row.payload as object), kind: row.kind, t: row.offset_ms }) as WidgetEvent;

export async function listEvents(db: Db, submissionId: string) {
  return db.selectFrom('submission_events').select(['offset_ms', 'kind', 'payload']).where('submission_id', '=', submissionId).orderBy('offset_ms').orderBy('seq').execute();
}

export async function findRequestOfAccount(db: Db, accountId: string, id: string) {
  return db.selectFrom('recording_requests').select(['id', 'status']).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

/** The request a widget session records into, shaped like requests.repository's findRequestByToken. */
export async function findOpenRequest(db: Db, id: string) {
  return db
    .selectFrom('recording_requests as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .leftJoin('account_branding as b', 'b.account_id', 'a.id')
    .selectAll('r')
    // The name recipients know the account by: its business name when branded (modules/branding).
    .select(sql<string>`coalesce(b.business_name, a.name)`.as('account_name'))
    .where('r.id', '=', id)
    .executeTakeFirst();
}
