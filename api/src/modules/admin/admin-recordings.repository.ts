import { sql, type ExpressionBuilder } from 'kysely';
import type { AdminRecordingRequestQuery, AdminSubmissionQuery } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { likePattern } from '../support/support.repository.ts';

type Paged<Q> = Q & { page: number; perPage: number };

const linkState = sql<'active' | 'expired' | 'archived'>`case when r.status = 'archived' then 'archived' when r.expires_at <= now() then 'expired' else 'active' end`;

/** Recording requests of every account with the filters of /donkey/recording-requests, before columns and order. */
function requestsMatching(db: Db, query: AdminRecordingRequestQuery) {
  let base = db.selectFrom('recording_requests as r').innerJoin('accounts as a', 'a.id', 'r.account_id').leftJoin('users as u', 'u.id', 'r.created_by');
  const q = query.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    // Three lookups the trigram indexes answer (migrations 0220, 0221), rather than an OR over the joined rows.
    base = base.where('r.id', 'in', () =>
      db
        .selectFrom('recording_requests')
        .select('id')
        .where('title', 'ilike', pattern)
        .union(db.selectFrom('recording_requests').select('id').where('account_id', 'in', db.selectFrom('accounts').select('id').where('name', 'ilike', pattern)))
        .union(db.selectFrom('recording_requests').select('id').where('created_by', 'in', db.selectFrom('users').select('id').where('email', 'ilike', pattern))),
    );
  }
  if (query.account_id) base = base.where('r.account_id', '=', query.account_id);
  if (query.link_state === 'archived') base = base.where('r.status', '=', 'archived');
  if (query.link_state === 'expired') base = base.where('r.status', '=', 'active').where('r.expires_at', '<=', sql<Date>`now()`);
  if (query.link_state === 'active') base = base.where('r.status', '=', 'active').where((eb) => eb.or([eb('r.expires_at', 'is', null), eb('r.expires_at', '>', sql<Date>`now()`)]));
  return base;
}

const REQUEST_ORDER = {
  newest: sql`r.created_at desc`,
  oldest: sql`r.created_at asc`,
  title: sql`r.title asc`,
  most_submissions: sql`submission_count desc`,
} as const;

export async function listRequests(db: Db, query: Paged<AdminRecordingRequestQuery>) {
  const base = requestsMatching(db, query);
  const listed = base
    .leftJoin('request_submission_counts as c', 'c.request_id', 'r.id')
    .select([
      'r.id',
      'r.title',
      'r.account_id',
      'a.name as account_name',
      'u.email as owner_email',
      linkState.as('link_state'),
      'r.expires_at',
      'r.created_at',
      // Kept by triggers (migration 0221) and joined: sorting by it reads one row per request, not every request's
      // submissions.
      sql<number>`coalesce(c.submissions, 0)`.as('submission_count'),
      sql<number>`(select count(*) from revoked_request_tokens t where t.request_id = r.id)`.as('revoked_links'),
    ])
    .orderBy(REQUEST_ORDER[query.sort ?? 'newest'])
    .orderBy('r.id');
  const [rows, { n }] = await Promise.all([
    listed.limit(query.perPage).offset((query.page - 1) * query.perPage).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

/** A request's current link token and what the audit entry names it by, its row locked until the transaction ends. */
export async function lockRequestLink(db: Db, id: string) {
  return db
    .selectFrom('recording_requests as r')
    .innerJoin('accounts as a', 'a.id', 'r.account_id')
    .select(['r.token', 'r.title', 'r.account_id', 'a.name as account_name'])
    .where('r.id', '=', id)
    .forUpdate('r')
    .executeTakeFirst();
}

const submissionColumns = [
  's.id',
  's.account_id',
  'a.name as account_name',
  's.request_id',
  'r.title as request_title',
  's.source',
  's.status',
  's.recipient_email',
  sql<number | null>`coalesce(s.size_bytes, s.original_size)`.as('size_bytes'),
  sql<number | null>`coalesce(s.duration_ms, s.client_duration_ms)`.as('duration_ms'),
  's.processing_error',
  's.created_at',
] as const;

function withNames(db: Db) {
  return db.selectFrom('submissions as s').innerJoin('accounts as a', 'a.id', 's.account_id').innerJoin('recording_requests as r', 'r.id', 's.request_id');
}

function submissionFilters(query: AdminSubmissionQuery) {
  return (eb: ExpressionBuilder<Database & { s: Database['submissions'] }, 's'>) =>
    eb.and([
      ...(query.status ? [eb('s.status', '=', query.status)] : []),
      ...(query.source ? [eb('s.source', '=', query.source)] : []),
      ...(query.account_id ? [eb('s.account_id', '=', query.account_id)] : []),
    ]);
}

const SUBMISSION_ORDER = {
  newest: sql`s.created_at desc`,
  oldest: sql`s.created_at asc`,
  largest: sql`coalesce(s.size_bytes, s.original_size) desc nulls last`,
} as const;

export async function listSubmissions(db: Db, query: Paged<AdminSubmissionQuery>) {
  const q = query.q?.trim();
  const pattern = q ? likePattern(q) : undefined;
  // Filtered, counted and paged on submissions alone (every submission has its account and request); a search is two
  // trigram lookups (migration 0221), and the names are joined for the page's rows only, so a deep page skips index
  // entries, not joined rows.
  let matching = db.selectFrom('submissions as s').where(submissionFilters(query));
  if (pattern) {
    matching = matching.where('s.id', 'in', () =>
      db
        .selectFrom('submissions')
        .select('id')
        .where('recipient_email', 'ilike', pattern)
        .union(db.selectFrom('submissions').select('id').where('request_id', 'in', db.selectFrom('recording_requests').select('id').where('title', 'ilike', pattern))),
    );
  }
  const order = SUBMISSION_ORDER[query.sort ?? 'newest'];
  const page = matching.select('s.id').orderBy(order).orderBy('s.id').limit(query.perPage).offset((query.page - 1) * query.perPage);
  const [rows, { n }] = await Promise.all([
    withNames(db).select(submissionColumns).where('s.id', 'in', page).orderBy(order).orderBy('s.id').execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

export async function findSubmission(db: Db, id: string) {
  return withNames(db)
    .select(submissionColumns)
    .select(['s.recipient_name', 's.mime_type', 's.width', 's.height', 's.processing_attempts', 's.processed_at', 's.watermark'])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/** What a re-run needs of a submission, its row locked until the transaction ends. */
export async function lockSubmission(db: Db, id: string) {
  return db.selectFrom('submissions').select(['id', 'account_id', 'status', 'processing_error', 'watermark']).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Back in the queue, with the previous failure cleared so that the list no longer shows it. */
export async function requeueSubmission(db: Db, id: string): Promise<void> {
  await db.updateTable('submissions').set({ status: 'queued', processing_error: null, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}
