import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createPglite } from '../src/db/create-pglite.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { startTestApp } from './support/test-app.ts';

describe('start-up shortcuts', () => {
  it('a database with exactly our migrations is left alone; one with an unknown migration is still refused', async () => {
    const t = await startTestApp({}, { WORKERS: 'false' });
    const db = t.app.ctx.db;
    try {
      // The Migrator would create its lock table again: its absence shows it did not run.
      await sql`drop table kysely_migration_lock`.execute(db);
      expect(await migrateToLatest(db)).toEqual([]);
      const lock = await sql<{ present: boolean }>`select to_regclass('kysely_migration_lock') is not null as present`.execute(db);
      expect(lock.rows[0]?.present).toBe(false);

      await sql`insert into kysely_migration (name, timestamp) values ('29991231_9999_from_a_newer_build', ${new Date().toISOString()})`.execute(db);
      await expect(migrateToLatest(db)).rejects.toThrow(/29991231_9999_from_a_newer_build/);
    } finally {
      await t.close();
    }
  });

  it('a new PGlite data dir starts from the kept initdb copy, keeps its data, and a broken copy falls back to initdb', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-startup-'));
    const template = path.join(dir, 'cache', 'initdb.tar');
    try {
      const first = await createPglite(path.join(dir, 'a'), {}, template);
      await first.close();
      expect((await fs.stat(template)).size).toBeGreaterThan(1_000_000);

      const fromCopy = await createPglite(path.join(dir, 'b'), {}, template);
      await fromCopy.exec('create table kept (v int); insert into kept values (42)');
      await fromCopy.close();
      const reopened = await createPglite(path.join(dir, 'b'), {}, template);
      expect((await reopened.query<{ v: number }>('select v from kept')).rows).toEqual([{ v: 42 }]);
      await reopened.close();

      await fs.writeFile(template, 'not a tar of a data directory');
      const fallback = await createPglite(path.join(dir, 'c'), {}, template);
      expect((await fallback.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
      await fallback.close();
      // Written again from the database that ran initdb.
      expect((await fs.stat(template)).size).toBeGreaterThan(1_000_000);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
    // Two initdb runs and four PGlite starts: seconds each alone, far more beside the suite's other workers.
  }, 120_000);
});
