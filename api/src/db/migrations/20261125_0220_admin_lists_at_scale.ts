import { sql, type Kysely } from 'kysely';

/**
 * The admin lists and the overview at 100,000 submissions and 10,000 users (≤ 50 ms p99, docs/admin-and-support.md).
 *
 * Searches are `ilike '%…%'`, which no b-tree serves: trigram GIN indexes (pg_trgm, loaded into the embedded PGlite
 * too) find the matching rows instead of reading every row. Each sort of a list gets an index in its order, so a page,
 * deep ones included, walks index entries instead of sorting the table.
 *
 * The overview counts sign-ups and submissions per UTC day for 30 days; reading 100,000 index entries per view is
 * what made it slow, so admin_daily_counts keeps those counts, maintained by statement triggers in the transaction of
 * every insert, delete and update of created_at (whichever code path makes it).
 */
const INDEXES = [
  ['users_email_order', 'users', ['email']],
  ['accounts_name', 'accounts', ['name']],
  ['accounts_trial_ends', 'accounts', ['trial_ends_at']],
  ['accounts_plan_created', 'accounts', ['plan', 'created_at']],
  ['support_requests_source_created', 'support_requests', ['source', 'created_at desc', 'id desc']],
  ['alert_deliveries_status_created', 'alert_deliveries', ['status', 'created_at']],
  ['alert_deliveries_channel_created', 'alert_deliveries', ['channel', 'created_at']],
] as const;

const TRIGRAM_INDEXES = [
  ['users_email_trgm', 'users', 'email'],
  ['users_name_trgm', 'users', 'name'],
  ['accounts_name_trgm', 'accounts', 'name'],
  ['support_requests_email_trgm', 'support_requests', 'email'],
  ['support_requests_name_trgm', 'support_requests', 'name'],
  ['support_requests_subject_trgm', 'support_requests', 'subject'],
  ['support_requests_message_trgm', 'support_requests', 'message'],
] as const;

const COUNTED = ['users', 'submissions'] as const;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const [name, table, column] of TRIGRAM_INDEXES) await sql`create index ${sql.id(name)} on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
  for (const [name, table, columns] of INDEXES) await db.schema.createIndex(name).on(table).columns([...columns]).execute();
  await sql`create index users_last_active on users (last_active_at desc nulls last, id)`.execute(db);

  await db.schema
    .createTable('admin_daily_counts')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('admin_daily_counts_pkey', ['kind', 'day'])
    .execute();
  // The kind is the trigger's argument; the transition tables hold the statement's rows. An update that keeps every
  // created_at nets to nothing and writes nothing, so status changes of submissions take no lock here.
  // Each branch reads only the transition tables its event has (an insert has no old rows).
  await sql`
    create function admin_daily_counts_changed() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into admin_daily_counts as c (kind, day, count)
          select tg_argv[0], (created_at at time zone 'UTC')::date, count(*) from inserted group by 2
          on conflict (kind, day) do update set count = c.count + excluded.count;
      elsif tg_op = 'DELETE' then
        update admin_daily_counts c set count = c.count - d.n
          from (select (created_at at time zone 'UTC')::date as day, count(*) as n from deleted group by 1) d
          where c.kind = tg_argv[0] and c.day = d.day;
      else
        insert into admin_daily_counts as c (kind, day, count)
          select tg_argv[0], day, sum(n) from (
            select (created_at at time zone 'UTC')::date as day, 1 as n from inserted
            union all
            select (created_at at time zone 'UTC')::date, -1 from deleted
          ) moved group by day having sum(n) <> 0
          on conflict (kind, day) do update set count = c.count + excluded.count;
      end if;
      return null;
    end $$`.execute(db);
  for (const table of COUNTED) {
    // Creating the triggers locks the table against writes until this migration commits, so the backfill counts
    // exactly the rows the triggers will not.
    await sql`create trigger ${sql.id(`${table}_daily_counted_on_insert`)} after insert on ${sql.id(table)}
      referencing new table as inserted for each statement execute function admin_daily_counts_changed(${sql.lit(table)})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_daily_counted_on_update`)} after update on ${sql.id(table)}
      referencing old table as deleted new table as inserted for each statement execute function admin_daily_counts_changed(${sql.lit(table)})`.execute(db);
    await sql`create trigger ${sql.id(`${table}_daily_counted_on_delete`)} after delete on ${sql.id(table)}
      referencing old table as deleted for each statement execute function admin_daily_counts_changed(${sql.lit(table)})`.execute(db);
    await sql`insert into admin_daily_counts (kind, day, count)
      select ${sql.lit(table)}, (created_at at time zone 'UTC')::date, count(*) from ${sql.id(table)} group by 2`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of COUNTED) {
    for (const event of ['delete', 'update', 'insert']) await sql`drop trigger ${sql.id(`${table}_daily_counted_on_${event}`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function admin_daily_counts_changed()`.execute(db);
  await db.schema.dropTable('admin_daily_counts').execute();
  await db.schema.dropIndex('users_last_active').execute();
  for (const [name] of [...INDEXES].reverse()) await db.schema.dropIndex(name).execute();
  for (const [name] of [...TRIGRAM_INDEXES].reverse()) await db.schema.dropIndex(name).execute();
  await sql`drop extension if exists pg_trgm`.execute(db);
}
