import { createRequire } from 'node:module';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countJobs, countJobsByQueue, PGBOSS_WRITTEN_AGAINST, refreshStartedOn, returnAbandoned, returnAsUnstarted } from '../src/jobs/pgboss-internals.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** pg-boss's tables and columns that pgboss-internals.ts (and tests that set up a job's state) read or write. */
const COLUMNS = {
  job: ['id', 'name', 'data', 'state', 'retry_count', 'retry_limit', 'start_after', 'started_on', 'created_on', 'completed_on', 'output'],
  queue: ['name'],
  schedule: ['name', 'cron'],
  version: ['version', 'cron_on'],
};

// The statements rely on pg-boss's private schema, which any release may change: an upgrade fails here first, and
// whoever upgrades checks each statement in pgboss-internals.ts against the new schema, then updates the version there.
describe('the SQL on pg-boss tables matches the installed pg-boss', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is written against the installed pg-boss release and its schema version', async () => {
    const installed = (createRequire(import.meta.url)('pg-boss/package.json') as { version: string }).version;
    expect(installed).toBe(PGBOSS_WRITTEN_AGAINST.version);
    const { rows } = await sql<{ version: number }>`select version from pgboss.version`.execute(t.app.ctx.db);
    expect(rows).toEqual([{ version: PGBOSS_WRITTEN_AGAINST.schema }]);
  });

  it('finds the columns and job states it relies on, in the order its comparisons assume', async () => {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns where table_schema = 'pgboss' and table_name in ('job', 'queue', 'schedule', 'version')`.execute(t.app.ctx.db);
    for (const [table, columns] of Object.entries(COLUMNS)) {
      const present = rows.filter((row) => row.table_name === table).map((row) => row.column_name);
      expect(present, table).toEqual(expect.arrayContaining(columns));
    }
    // `state < 'active'` means waiting, `state <= 'active'` not finished.
    const states = await sql<{ states: string }>`select enum_range(null::pgboss.job_state)::text as states`.execute(t.app.ctx.db);
    expect(states.rows[0]!.states).toBe('{created,retry,active,completed,cancelled,failed}');
  });

  it('runs every statement against the migrated schema', async () => {
    const database = t.app.ctx.database;
    const none = [{ name: 'none', id: crypto.randomUUID() }];
    await refreshStartedOn(database, none);
    await returnAsUnstarted(database, none);
    expect(await returnAbandoned(database, 365 * 24 * 60 * 60)).toEqual([]);
    expect(await countJobs(database, 60)).toEqual({ waiting: expect.any(Number), active: expect.any(Number), stuck: expect.any(Number) });
    expect((await countJobsByQueue(database, 60)).map((row) => row.name)).toContain('retention');
  });
});
