import { sql, type Kysely } from 'kysely';

/**
 * The submissions list shows an account's total on every page. Counting it is a scan of all the account's rows
 * (100,000 take 15–60 ms, bench/api.bench.ts), so the count is kept in account_submission_counts by statement
 * triggers: in the same transaction as every insert and delete, whichever code path or process makes it (the API,
 * retention, an account's cascade). Submissions never move to another account, so updates need no trigger.
 *
 * The list's page is the account's newest first, ties by id: one index in that order serves it without a sort.
 */
/** The counting functions as this migration creates them (0310 replaces them, and puts them back on its way down). */
export async function createCountingFunctions(db: Kysely<any>, verb: 'create' | 'create or replace'): Promise<void> {
  await sql`
    ${sql.raw(verb)} function count_inserted_submissions() returns trigger language plpgsql as $$
    begin
      insert into account_submission_counts as c (account_id, submissions)
        select account_id, count(*) from inserted group by account_id
        on conflict (account_id) do update set submissions = c.submissions + excluded.submissions;
      return null;
    end $$`.execute(db);
  await sql`
    ${sql.raw(verb)} function count_deleted_submissions() returns trigger language plpgsql as $$
    begin
      update account_submission_counts c set submissions = c.submissions - d.n
        from (select account_id, count(*) as n from deleted group by account_id) d
        where c.account_id = d.account_id;
      return null;
    end $$`.execute(db);
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('account_submission_counts')
    .addColumn('account_id', 'uuid', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('submissions', 'bigint', (c) => c.notNull())
    .execute();
  await createCountingFunctions(db, 'create');
  // Creating the triggers locks submissions against writes until this migration commits, so the backfill below
  // counts exactly the rows the triggers will not.
  await sql`create trigger submissions_counted_on_insert after insert on submissions
    referencing new table as inserted for each statement execute function count_inserted_submissions()`.execute(db);
  await sql`create trigger submissions_counted_on_delete after delete on submissions
    referencing old table as deleted for each statement execute function count_deleted_submissions()`.execute(db);
  await sql`insert into account_submission_counts (account_id, submissions)
    select account_id, count(*) from submissions group by account_id`.execute(db);

  await db.schema.createIndex('submissions_account_newest').on('submissions').columns(['account_id', 'created_at desc', 'id desc']).execute();
  await db.schema.dropIndex('submissions_account_created').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('submissions_account_created').on('submissions').columns(['account_id', 'created_at']).execute();
  await db.schema.dropIndex('submissions_account_newest').execute();
  await sql`drop trigger submissions_counted_on_delete on submissions`.execute(db);
  await sql`drop trigger submissions_counted_on_insert on submissions`.execute(db);
  await sql`drop function count_deleted_submissions()`.execute(db);
  await sql`drop function count_inserted_submissions()`.execute(db);
  await db.schema.dropTable('account_submission_counts').execute();
}
