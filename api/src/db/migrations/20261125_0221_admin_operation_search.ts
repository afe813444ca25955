import { sql, type Kysely } from 'kysely';

/**
 * The recording-request, submission, invitation and Zapier lists at scale (docs/admin-and-support.md, Figures).
 * Their searches are `ilike '%…%'` too: trigram GIN indexes (pg_trgm, migration 0220). *Most submissions* counted
 * every request's submissions per page (279 ms at 100,000); request_submission_counts keeps the count per request,
 * maintained by statement triggers in the transaction of every insert and delete, like account_submission_counts
 * (migration 0240). A submission never moves to another request, so updates need no trigger.
 */
const TRIGRAM_INDEXES = [
  ['recording_requests_title_trgm', 'recording_requests', 'title'],
  ['submissions_recipient_email_trgm', 'submissions', 'recipient_email'],
  ['invitations_email_trgm', 'invitations', 'email'],
  ['zapier_subscriptions_target_url_trgm', 'zapier_subscriptions', 'target_url'],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of TRIGRAM_INDEXES) await sql`create index ${sql.id(name)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable('request_submission_counts')
    .addColumn('request_id', 'uuid', (c) => c.primaryKey().references('recording_requests.id').onDelete('cascade'))
    .addColumn('submissions', 'bigint', (c) => c.notNull())
    .execute();
  await sql`
    create function count_request_submissions() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into request_submission_counts as c (request_id, submissions)
          select request_id, count(*) from inserted group by request_id
          on conflict (request_id) do update set submissions = c.submissions + excluded.submissions;
      else
        update request_submission_counts c set submissions = c.submissions - d.n
          from (select request_id, count(*) as n from deleted group by request_id) d
          where c.request_id = d.request_id;
      end if;
      return null;
    end $$`.execute(db);
  // Creating the triggers locks submissions against writes until this migration commits, so the backfill counts
  // exactly the rows the triggers will not.
  await sql`create trigger submissions_request_counted_on_insert after insert on submissions
    referencing new table as inserted for each statement execute function count_request_submissions()`.execute(db);
  await sql`create trigger submissions_request_counted_on_delete after delete on submissions
    referencing old table as deleted for each statement execute function count_request_submissions()`.execute(db);
  await sql`insert into request_submission_counts (request_id, submissions)
    select request_id, count(*) from submissions group by request_id`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger submissions_request_counted_on_delete on submissions`.execute(db);
  await sql`drop trigger submissions_request_counted_on_insert on submissions`.execute(db);
  await sql`drop function count_request_submissions()`.execute(db);
  await db.schema.dropTable('request_submission_counts').execute();
  for (const [name] of [...TRIGRAM_INDEXES].reverse()) await db.schema.dropIndex(name).execute();
}
