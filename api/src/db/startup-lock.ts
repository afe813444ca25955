import { sql } from 'kysely';
import type { DatabaseHandle } from './database.ts';

/** pg_advisory_lock key of start-up work ('showback' start-up, any number of processes on one database). */
const STARTUP_LOCK = 7311_0001;

/**
 * Runs the schema work of a start (migrations, the job queue's tables and queues) in one process at a time: processes
 * started together on an empty or older database otherwise deadlock in each other's DDL. The lock is held by one
 * pooled connection for the duration; the work runs on the others. PGlite is one process by construction.
 */
export async function withStartupLock<T>(database: DatabaseHandle, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}
