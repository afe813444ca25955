import fs from 'node:fs/promises';
import pg from 'pg';
import pino from 'pino';
import { createPglite } from '../../src/db/create-pglite.ts';
import { openDatabase, pgliteHandle, PGLITE_OPTIONS, type DatabaseHandle } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { JobQueue } from '../../src/jobs/job-queue.ts';
import { assemble } from '../../src/wiring.ts';

const { jobs } = assemble();

/** The migrated databases of database-template.ts, made by the global set-ups once per run. */

/** What a server's start does to an empty database before serving (app.ts: migrations, then the queue's install). */
async function prepare(database: DatabaseHandle): Promise<void> {
  await migrateToLatest(database.db);
  const queue = new JobQueue({ database, jobs, workers: false, log: pino({ level: 'silent' }), livenessSeconds: 60, shutdownGraceSeconds: 0 });
  await queue.install();
  await queue.stop();
}

/** Writes a dump of a migrated in-memory PGlite to `file`. */
export async function makePgliteSnapshot(file: string): Promise<void> {
  const client = await createPglite(undefined, PGLITE_OPTIONS);
  const database = pgliteHandle(client);
  await prepare(database);
  const dump = await client.dumpDataDir('none');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}

/** A migrated PGlite data folder at `folder` (the server's DATA_DIR/db layout). */
export async function makePgliteFolder(folder: string): Promise<void> {
  const database = pgliteHandle(await createPglite(folder, PGLITE_OPTIONS));
  await prepare(database);
  await database.close();
}

async function adminQuery(adminUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A migrated database on the server at `adminUrl`; answers its name and a function that drops it. */
export async function makePostgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const name = `template_${process.pid}_${Date.now().toString(36)}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await prepare(database);
  } finally {
    // CREATE DATABASE … TEMPLATE refuses a template anyone is connected to.
    await database.close();
  }
  return { name, drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`) };
}

