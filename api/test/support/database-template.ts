import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Migrated databases made once per test run and copied for each test app or browser-scenario server, instead of
 * running all migrations and the queue's install in every one (about 220 times a run, 3–6 s each). They hold exactly
 * what a server's start puts in an empty database before anything else: the migrations and the job queue's tables and
 * queues, no user, no secret. A server started on a copy finds its schema up to date and goes on as on any restart.
 * This file only finds them (test apps and servers import it); make-database-templates.ts makes them.
 */

/** Where the copies are for this run: set by the global set-up (vitest's globalSetup), read by test-app.ts and server.ts. */
export const TEMPLATE_ENV = {
  /** A PGlite dump (dumpDataDir) of a migrated database, for in-memory test apps. */
  pgliteSnapshot: 'SHOWBACK_TEST_PGLITE_SNAPSHOT',
  /** A migrated PGlite data folder, copied into a browser-scenario server's DATA_DIR/db. */
  pgliteFolder: 'SHOWBACK_TEST_PGLITE_FOLDER',
  /** The name of a migrated database on the TEST_DATABASE_URL server, for CREATE DATABASE … TEMPLATE. */
  postgresTemplate: 'SHOWBACK_TEST_PG_TEMPLATE',
} as const;

/** The snapshot to start an in-memory test database from, when the global set-up made one. */
export async function pgliteSnapshot(): Promise<Blob | undefined> {
  const file = process.env[TEMPLATE_ENV.pgliteSnapshot];
  return file ? new Blob([await fs.readFile(file)]) : undefined;
}

/** Fills an empty data folder's `db` with a copy of the migrated PGlite folder, when the global set-up made one. */
export async function copyPgliteFolder(dataDir: string): Promise<void> {
  const folder = process.env[TEMPLATE_ENV.pgliteFolder];
  if (folder) await fs.cp(folder, path.join(dataDir, 'db'), { recursive: true });
}
