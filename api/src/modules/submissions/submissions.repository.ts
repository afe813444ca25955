import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { ProcessingStatus } from '@showback/contract';
import type { DatabaseHandle } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { Database, SubmissionRow, SubmissionsTable } from '../../db/schema.ts';
import { escapeLike } from '../requests/requests.repository.ts';

type Db = Kysely<Database>;
/** A submission with its request's title and the host page's metadata (null: no widget context). */
export type SubmissionRecord = SubmissionRow & { request_title: string; metadata: Record<string, unknown> | null };

function withTitle(db: Db) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('recording_requests as r', 'r.id', 's.request_id')
    .leftJoin('submission_context as c', 'c.submission_id', 's.id')
    .selectAll('s')
    .select(['r.title as request_title', 'c.metadata']);
}

export async function findSubmission(db: Db, accountId: string, id: string): Promise<SubmissionRecord | undefined> {
  return withTitle(db).where('s.account_id', '=', accountId).where('s.id', '=', id).executeTakeFirst();
}

/** For jobs, which act on a submission whatever its account. */
export async function findSubmissionById(db: Db, id: string): Promise<SubmissionRow | undefined> {
  return db.selectFrom('submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findByClientId(db: Db, accountId: string, clientSubmissionId: string): Promise<SubmissionRow | undefined> {
  return db.selectFrom('submissions').selectAll().where('account_id', '=', accountId).where('client_submission_id', '=', clientSubmissionId).executeTakeFirst();
}

export async function findByUploadId(db: Db, uploadId: string): Promise<SubmissionRow | undefined> {
  return db.selectFrom('submissions').selectAll().where('upload_id', '=', uploadId).executeTakeFirst();
}

/** Inserts unless the client id or the upload was already submitted; returns the new id or undefined. */
export async function insertSubmission(db: Db, values: Insertable<SubmissionsTable>): Promise<string | undefined> {
  const row = await db.insertInto('submissions').values(values).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return row?.id;
}

/** What a list item shows (the service's toSummary): a page no longer reads every row's environment and instructions. */
const LIST_COLUMNS = [
  's.id',
  's.request_id',
  's.recipient_name',
  's.recipient_email',
  's.recipient_user_id',
  's.source',
  's.duration_ms',
  's.client_duration_ms',
  's.status',
  's.poster_key',
  // As the API answers it: parsing 50 timestamps into Dates and formatting them back was a tenth of a page's CPU.
  sql<string>`to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('created_at'),
] as const;
export type SubmissionListRecord = Pick<SubmissionRow, 'id' | 'request_id' | 'recipient_name' | 'recipient_email' | 'recipient_user_id' | 'source' | 'duration_ms' | 'client_duration_ms' | 'status' | 'poster_key'> & {
  request_title: string;
  /** ISO 8601 in UTC, milliseconds, as toISOString() writes it. */
  created_at: string;
};

/** An account's submissions with their requests: what every list reads, filtered or not. */
const accountSubmissions = (db: Db, accountId: string) =>
  db.selectFrom('submissions as s').innerJoin('recording_requests as r', 'r.id', 's.request_id').where('s.account_id', '=', accountId);

/** A page of list items, newest first, ties by id: the order of the submissions_account_newest index, read without a sort. */
const newestFirst = (query: ReturnType<typeof accountSubmissions>, limit: number, offset: number) =>
  query.select([...LIST_COLUMNS, 'r.title as request_title']).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').limit(limit).offset(offset);

/**
 * The unfiltered list, what the recordings page opens with: newest first, ties by id (the submissions_account_newest
 * index), each row with the account's total as the triggers of migration 0240 keep it (one read of one row, not a scan
 * of the account's rows) and the list version of 0310 the page was read at. One round trip: a page is the API's most
 * requested list.
 */
const submissionsPage = preparedQuery('submissions_page', (db, v: { accountId: string; limit: number; offset: number }) =>
  newestFirst(accountSubmissions(db, v.accountId), v.limit, v.offset).select((eb) => [
    eb.selectFrom('account_submission_counts').select('submissions').where('account_id', '=', v.accountId).as('total'),
    eb.selectFrom('account_submission_counts').select('list_version').where('account_id', '=', v.accountId).as('list_version'),
  ]),
);

/** The total and version alone: for a page with no rows to carry them (an account with none yet, a page past the end). */
const submissionCount = preparedQuery('submission_count', (db, v: { accountId: string }) =>
  db.selectFrom('account_submission_counts').select(['submissions', 'list_version']).where('account_id', '=', v.accountId),
);

/** The version alone, read on every request for a page the process keeps (list-page-cache.ts). */
const listVersion = preparedQuery('submission_list_version', (db, v: { accountId: string }) =>
  db.selectFrom('account_submission_counts').select('list_version').where('account_id', '=', v.accountId),
);

/** The account's list_version now; null before its first submission. */
export async function submissionListVersion(database: DatabaseHandle, accountId: string): Promise<number | null> {
  const [row] = await listVersion(database, { accountId });
  return row ? Number(row.list_version) : null;
}

/** A page of the unfiltered list with the account's total and the list_version it was read at, in one snapshot. */
export async function newestSubmissions(
  database: DatabaseHandle,
  accountId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: SubmissionListRecord[]; total: number; version: number | null }> {
  const rows = await submissionsPage(database, { accountId, ...page });
  const counts = rows[0] ? { submissions: rows[0].total, list_version: rows[0].list_version } : (await submissionCount(database, { accountId }))[0];
  return { rows, total: Number(counts?.submissions ?? 0), version: counts?.list_version == null ? null : Number(counts.list_version) };
}

export interface SubmissionFilter {
  requestId?: string;
  q?: string;
  status?: ProcessingStatus;
  createdAfter?: string;
  createdBefore?: string;
  hasErrors?: boolean;
  /** Metadata every match carries: each entry is one key with the values it may have (any one of them). */
  metadata?: { key: string; values: (string | number | boolean | null)[] }[];
}

/** A filtered list: one request's submissions, a state, a time span, with or without errors, or a search of titles, recipients, notes and spoken words. */
export async function searchSubmissions(
  database: DatabaseHandle,
  accountId: string,
  filter: SubmissionFilter & { limit: number; offset: number },
): Promise<{ rows: SubmissionListRecord[]; total: number }> {
  const { db } = database;
  let query = accountSubmissions(db, accountId);
  if (filter.requestId) query = query.where('s.request_id', '=', filter.requestId);
  if (filter.status) query = query.where('s.status', '=', filter.status);
  if (filter.createdAfter) query = query.where('s.created_at', '>=', new Date(filter.createdAfter));
  if (filter.createdBefore) query = query.where('s.created_at', '<', new Date(filter.createdBefore));
  if (filter.hasErrors !== undefined) {
    // submission_events.level is 'error' for console errors, uncaught errors and failed requests (widget/submission-context.ts).
    query = query.where((eb) => {
      const errors = eb.exists(eb.selectFrom('submission_events as e').select('e.submission_id').whereRef('e.submission_id', '=', 's.id').where('e.level', '=', 'error'));
      return filter.hasErrors ? errors : eb.not(errors);
    });
  }
  for (const { key, values } of filter.metadata ?? []) {
    // Containment (`@>`), which the submission_context_metadata index (jsonb_path_ops) answers.
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('submission_context as c')
          .select('c.submission_id')
          .whereRef('c.submission_id', '=', 's.id')
          .where((m) => m.or(values.map((value) => sql<boolean>`c.metadata @> ${JSON.stringify({ [key]: value })}::jsonb`))),
      ),
    );
  }
  // A request's submissions are counted without the join (every submission has its request), through their index.
  let counted = db.selectFrom('submissions as s').where('s.account_id', '=', accountId);
  if (filter.requestId) counted = counted.where('s.request_id', '=', filter.requestId);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    const q = filter.q;
    query = query.where((eb) =>
      eb.or([
        eb('r.title', 'ilike', pattern),
        eb('s.recipient_name', 'ilike', pattern),
        eb('s.recipient_email', 'ilike', pattern),
        // The host app's id for its customer is searched as a whole ("42" finds user 42, not 142).
        eb('s.recipient_user_id', '=', q.trim()),
        eb('s.note', 'ilike', pattern),
        // The host page's metadata values (a plan, an app version), as text.
        sql<boolean>`exists (select 1 from submission_context c, jsonb_each_text(c.metadata) m where c.submission_id = s.id and m.value ilike ${pattern})`,
        // Spoken words: full-text search (english stemming: "clicked" finds "click") on the transcript's tsvector.
        eb.exists(
          eb.selectFrom('transcripts as t').select('t.submission_id').whereRef('t.submission_id', '=', 's.id').where(sql<boolean>`t.search @@ plainto_tsquery('english', ${q})`),
        ),
      ]),
    );
  }
  const page = newestFirst(query, filter.limit, filter.offset);
  const onlyRequest = !filter.q && !filter.status && !filter.createdAfter && !filter.createdBefore && filter.hasErrors === undefined && !filter.metadata;
  const { total } = await (onlyRequest ? counted : query).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow();
  return { rows: await page.execute(), total };
}

export async function updateSubmission(db: Db, id: string, values: Updateable<SubmissionsTable>): Promise<boolean> {
  const result = await db.updateTable('submissions').set({ ...values, updated_at: sql`now()` }).where('id', '=', id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteSubmissionRow(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('submissions').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

export async function listSubmissionsOfRequest(db: Db, accountId: string, requestId: string): Promise<SubmissionRow[]> {
  return db.selectFrom('submissions').selectAll().where('account_id', '=', accountId).where('request_id', '=', requestId).execute();
}

/** Submissions that counted toward usage since a moment (the start of the billing month). */
export async function countCountedSince(db: Db, accountId: string, since: Date): Promise<number> {
  const row = await db
    .selectFrom('submissions')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('account_id', '=', accountId)
    .where('counted_at', '>=', since)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findUpload(db: Db, id: string) {
  return db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findSubmittedWithToken(db: Db, token: string, clientSubmissionId: string, uploadId: string) {
  return db
    .selectFrom('submissions as s')
    .innerJoin('recording_requests as r', 'r.id', 's.request_id')
    .select(['s.id', 's.status'])
    .where('s.client_submission_id', '=', clientSubmissionId)
    .where('s.upload_id', '=', uploadId)
    .where((eb) =>
      eb.or([
        eb('r.token', '=', token),
        eb.exists(eb.selectFrom('revoked_request_tokens as t').select('t.token').whereRef('t.request_id', '=', 'r.id').where('t.token', '=', token)),
      ]),
    )
    .executeTakeFirst();
}
