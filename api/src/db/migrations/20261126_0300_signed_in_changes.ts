import { sql, type Kysely } from 'kysely';

/**
 * Every API process keeps what signed-in requests read on each call (a session with its user, GET /users/me's profile)
 * for a few seconds (modules/auth/signed-in-cache.ts). These triggers tell every process, through NOTIFY at commit,
 * whose copy changed, whichever code path, job or process wrote it: `u:<user id>` for a session or user, `a:<account
 * id>` for what the profile reads of an account (the account, its billing row, its usage and held counts).
 * SIGNED_IN_TABLES in that module lists the same tables for the process's own writes.
 */
const WATCHED: readonly { table: string; key: 'u' | 'a'; column: string; events: readonly ('insert' | 'update' | 'delete')[] }[] = [
  // A new session or user has nothing cached yet.
  { table: 'sessions', key: 'u', column: 'user_id', events: ['update', 'delete'] },
  { table: 'users', key: 'u', column: 'id', events: ['update', 'delete'] },
  { table: 'accounts', key: 'a', column: 'id', events: ['update', 'delete'] },
  { table: 'account_billing', key: 'a', column: 'account_id', events: ['insert', 'update', 'delete'] },
  { table: 'submissions', key: 'a', column: 'account_id', events: ['insert', 'update', 'delete'] },
  { table: 'usage_retired', key: 'a', column: 'account_id', events: ['insert', 'update', 'delete'] },
  { table: 'held_submissions', key: 'a', column: 'account_id', events: ['insert', 'update', 'delete'] },
];

export async function up(db: Kysely<any>): Promise<void> {
  // Statement-level, one NOTIFY per distinct key: a retention run deleting thousands of an account's rows sends one.
  await sql`
    create function notify_signed_in_changed() returns trigger language plpgsql as $$
    declare
      key text;
    begin
      for key in execute format('select distinct %I::text from changed', tg_argv[1]) loop
        perform pg_notify('showback_signed_in_changed', tg_argv[0] || ':' || key);
      end loop;
      return null;
    end $$`.execute(db);
  // Postgres allows transition tables only on single-event triggers: one trigger per table and event.
  for (const { table, key, column, events } of WATCHED) {
    for (const event of events) {
      const transition = event === 'delete' ? 'old table as changed' : 'new table as changed';
      await sql`create trigger ${sql.id(`${table}_signed_in_${event}`)} after ${sql.raw(event)} on ${sql.id(table)}
        referencing ${sql.raw(transition)} for each statement execute function notify_signed_in_changed(${sql.lit(key)}, ${sql.lit(column)})`.execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const { table, events } of WATCHED) {
    for (const event of events) await sql`drop trigger ${sql.id(`${table}_signed_in_${event}`)} on ${sql.id(table)}`.execute(db);
  }
  await sql`drop function notify_signed_in_changed()`.execute(db);
}
