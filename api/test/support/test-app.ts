import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import type { Config } from '../../src/config.ts';
import type { Provider } from '../../src/integrations/kit/provider.ts';
import { loadAppConfig } from '../../src/wiring.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { pgliteSnapshot, TEMPLATE_ENV } from './database-template.ts';

/**
 * A running API on a random loopback port with a database of its own, for tests that talk HTTP.
 * Database: a fresh Postgres database when TEST_DATABASE_URL is set (the Postgres leg of the suite),
 * otherwise an in-memory PGlite.
 */
export interface TestApp {
  app: FastifyInstance;
  url: string;
  config: Readonly<Config>;
  dataDir: string;
  /** The Postgres database this app uses (the Postgres leg only); peers connect to it with pools of their own. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/**
 * A new database on the TEST_DATABASE_URL server, for tests that run their own API processes on it: a copy of the
 * run's migrated template when the global set-up made one, else empty (`empty: true` always, for tests of a first
 * start or of the migrations themselves).
 */
export async function createPostgresDatabase(adminUrl: string, { empty = false } = {}): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const template = empty ? undefined : process.env[TEMPLATE_ENV.postgresTemplate];
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/**
 * A new database of the test's own: in-memory PGlite, or one on the Postgres at TEST_DATABASE_URL. Migrated already
 * when the global set-up made a template (database-template.ts), as a server's first start would leave it, unless
 * `empty`.
 */
export async function freshDatabase(dataDir: string, { empty = false } = {}): Promise<{ handle: DatabaseHandle; url?: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir, inMemory: true, snapshot: empty ? undefined : await pgliteSnapshot() });
    return { handle, drop: async () => {} };
  }
  const { url, drop } = await createPostgresDatabase(adminUrl, { empty });
  const handle = await openDatabase({ databaseUrl: url, dataDir });
  return { handle, url, drop };
}

/** The app on `database`, listening on a free loopback port; `cleanUp` runs after the app and database close. */
async function serveTestApp(config: Config, database: DatabaseHandle, databaseUrl: string | undefined, cleanUp: () => Promise<void> = async () => {}, providers?: readonly Provider[]): Promise<TestApp> {
  const app = await buildApp(config, { database, logger: false, providers });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    dataDir: config.dataDir,
    databaseUrl,
    close: async () => {
      await app.close();
      await database.close();
      await cleanUp();
    },
  };
}

/** `providers`: the app's integrations, when a test adds one (default: integrations/providers.ts). */
export async function startTestApp(overrides: Partial<Config> = {}, env: Record<string, string> = {}, providers?: readonly Provider[]): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-test-'));
  const config = loadAppConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: 'true', SHUTDOWN_GRACE_SECONDS: '0', ...env }, overrides, providers);
  const { handle, url, drop } = await freshDatabase(dataDir);
  return serveTestApp(
    config,
    handle,
    url,
    async () => {
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
    providers,
  );
}

/**
 * A second API process in all but PID: its own Postgres pool, locker and workers on the first app's database and data
 * folder, as two servers behind a load balancer would run. Postgres only (PGlite is one process by construction).
 * Closing it leaves the shared database and folder to the first app.
 */
export async function startPeerApp(first: TestApp, env: Record<string, string> = {}): Promise<TestApp> {
  if (!first.databaseUrl) throw new Error('startPeerApp needs the Postgres leg (TEST_DATABASE_URL)');
  const config = loadAppConfig({ DATA_DIR: first.dataDir, LOG_LEVEL: 'warn', WORKERS: 'true', SHUTDOWN_GRACE_SECONDS: '0', ...env });
  return serveTestApp(config, await openDatabase({ databaseUrl: first.databaseUrl, dataDir: first.dataDir }), first.databaseUrl);
}
