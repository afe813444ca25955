import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';

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
  close(): Promise<void>;
}

async function freshDatabase(dataDir: string): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({ dataDir, pglite: await memoryPglite() });
    return { handle, drop: async () => {} };
  }
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir });
  return {
    handle,
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

async function memoryPglite() {
  const { PGlite } = await import('@electric-sql/pglite');
  return PGlite.create({ parsers: { 20: (v: string) => Number(v), 1700: (v: string) => Number(v) } });
}

export async function startTestApp(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: 'true', ...env }, overrides);
  const { handle, drop } = await freshDatabase(dataDir);
  const app = await buildApp(config, { database: handle, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
