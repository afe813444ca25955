import { sql, type Kysely } from 'kysely';
import { createCountingFunctions } from './20261125_0240_submission_counts.ts';

/**
 * Each API process keeps the recordings list's pages it served, serialized, and serves one again only while the
 * account's list_version is the one it was read at (modules/submissions/list-page-cache.ts), which it checks with one
 * read by primary key on every request. The version is bumped in the writing transaction by every statement that can
 * change what a page shows, whichever code path, job or process runs it: a submission inserted, updated or deleted
 * (the counting triggers of 0240 bump it with the count), and a request's title changed (each item shows it).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('account_submission_counts').addColumn('list_version', 'bigint', (c) => c.notNull().defaultTo(0)).execute();
  await sql`
    create or replace function count_inserted_submissions() returns trigger language plpgsql as $$
    begin
      insert into account_submission_counts as c (account_id, submissions, list_version)
        select account_id, count(*), 1 from inserted group by account_id
        on conflict (account_id) do update set submissions = c.submissions + excluded.submissions, list_version = c.list_version + 1;
      return null;
    end $$`.execute(db);
  await sql`
    create or replace function count_deleted_submissions() returns trigger language plpgsql as $$
    begin
      update account_submission_counts c set submissions = c.submissions - d.n, list_version = c.list_version + 1
        from (select account_id, count(*) as n from deleted group by account_id) d
        where c.account_id = d.account_id;
      return null;
    end $$`.execute(db);
  // Any update of a submission, not only of the columns a list item shows: a column added to the list later cannot be
  // forgotten here, and an update the list does not show costs one page read more.
  await sql`
    create function bump_submission_list_version() returns trigger language plpgsql as $$
    begin
      update account_submission_counts c set list_version = c.list_version + 1
        where c.account_id in (select distinct account_id from changed);
      return null;
    end $$`.execute(db);
  await sql`create trigger submissions_list_version_on_update after update on submissions
    referencing new table as changed for each statement execute function bump_submission_list_version()`.execute(db);
  await sql`
    create function bump_request_title_list_version() returns trigger language plpgsql as $$
    begin
      update account_submission_counts c set list_version = c.list_version + 1
        where c.account_id in (select n.account_id from after_update n join before_update o on o.id = n.id where n.title is distinct from o.title);
      return null;
    end $$`.execute(db);
  await sql`create trigger recording_requests_list_version_on_update after update on recording_requests
    referencing old table as before_update new table as after_update for each statement execute function bump_request_title_list_version()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger recording_requests_list_version_on_update on recording_requests`.execute(db);
  await sql`drop function bump_request_title_list_version()`.execute(db);
  await sql`drop trigger submissions_list_version_on_update on submissions`.execute(db);
  await sql`drop function bump_submission_list_version()`.execute(db);
  await createCountingFunctions(db, 'create or replace');
  await db.schema.alterTable('account_submission_counts').dropColumn('list_version').execute();
}
