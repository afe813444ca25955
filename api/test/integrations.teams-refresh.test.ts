import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { signUp } from './support/auth.ts';
import { signInToMicrosoft, teamsApi } from './support/fixtures/teams.ts';
import { startMicrosoftServers, teamsEnvFor, type MicrosoftServers } from './support/microsoft-servers.ts';
import { createPostgresDatabase } from './support/test-app.ts';

/**
 * Two API processes on one database (as behind a load balancer) need a Graph token when it is about to expire. Each
 * is a process of its own so that it trusts the local Graph's certificate (NODE_EXTRA_CA_CERTS), hence PostgreSQL only.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('Teams token refresh by two processes at once', () => {
  let microsoft: MicrosoftServers;
  let database: { url: string; drop: () => Promise<void> };
  let dataDir: string;
  let first: ApiProcess;
  let second: ApiProcess;
  let sql: pg.Client;
  beforeAll(async () => {
    microsoft = await startMicrosoftServers();
    database = await createPostgresDatabase(process.env.TEST_DATABASE_URL!);
    // One data folder: the same session secret, so a session and a sealed token read the same in both.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-teams-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: database.url, SHUTDOWN_GRACE_SECONDS: '0', ...teamsEnvFor(microsoft) };
    first = await startApiProcess(env);
    second = await startApiProcess({ ...env, PUBLIC_URL: first.url });
    sql = new pg.Client({ connectionString: database.url });
    await sql.connect();
  }, 120_000);
  afterAll(async () => {
    await sql?.end();
    await second?.stop();
    await first?.stop();
    await database?.drop();
    await microsoft?.close();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Sessions waiting for another transaction's lock on a Teams row (the refresh's FOR UPDATE). */
  const waitingOnTeamsRow = async (): Promise<number> =>
    (
      await sql.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query ILIKE '%teams_integrations%'",
      )
    ).rows[0]!.n;

  it('refreshes an expiring token once; the other process waits for it and uses the new token', async () => {
    const owner = await signUp(first);
    microsoft.setTokenLifetime(30);
    try {
      expect((await signInToMicrosoft(first, owner)).headers.get('location')).toBe('/my/integrations?teams=connected');
    } finally {
      microsoft.setTokenLifetime(3600);
    }
    const refreshes = () => microsoft.tokenRequests.filter((r) => r.grant_type === 'refresh_token');
    const graphBefore = microsoft.graphRequests.length;

    const release = microsoft.holdRefreshes();
    const both = Promise.all([first, second].map((t) => fetch(teamsApi(t, '/teams'), { headers: owner.headers })));
    // Both processes are at the refresh: one holds it and the other waits on the row, or (without the lock) both hold one.
    await vi.waitFor(
      async () => {
        if (refreshes().length >= 2 || (refreshes().length === 1 && (await waitingOnTeamsRow()) > 0)) return;
        throw new Error(`not both at the refresh yet (${refreshes().length} refresh requests)`);
      },
      { timeout: 30_000, interval: 50 },
    );
    release();

    const answers = await both;
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(refreshes()).toHaveLength(1);
    const used = new Set(microsoft.graphRequests.slice(graphBefore).map((r) => r.authorization));
    expect(used).toEqual(new Set([`Bearer ${microsoft.accessTokens.at(-1)}`]));
  });
});
