// API throughput on loopback, with the server and the load generator in separate processes (autocannon here, the
// built server `api/dist/server.js` spawned as every browser scenario starts it, WORKERS=false), so they no longer
// share one event loop. Baseline in the same run: a bare Fastify process answering one JSON route. Routes: GET
// /api/health, a signed-in GET /api/v1/users/me, and GET /api/v1/submissions?per_page=50 for an account seeded with
// SEED submissions (with the query plans of that list), whose pages the server keeps and checks against the account's
// list version on each request; on PostgreSQL also the same list from a second server that keeps none (LIST_CACHE_MB=0),
// the baseline the page cache is measured against in the same run, and the kept pages while the account's newest
// submission changes 50 times a second. On PGlite (a temp DATA_DIR) and, with TEST_DATABASE_URL set,
// on a new PostgreSQL database. The routes alternate for ROUNDS rounds and the medians are reported, so a burst of
// load from elsewhere on the machine skews one round, not a route. Besides req/s, p50 and p99, the server's CPU time per
// request, which that load moves far less. Needs `npm run build -w api` first.
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../api/src/db/database.ts';
import { newestSubmissions, submissionListVersion } from '../api/src/modules/submissions/submissions.repository.ts';
import { createPostgresDatabase } from '../api/test/support/test-app.ts';
import { createRequest, signUpOwner } from '../e2e/recording/owner.ts';
import { freePort, SERVER_NODE_FLAGS, startServer, type RunningServer } from '../e2e/support/server.ts';
import { CONNECTIONS, DURATION, load, measureRounds, ROUNDS, type Figures } from './support/http-load.ts';

const SEED = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const PER_PAGE = 50;

const BARE = `
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/ping', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // With the server's own V8 flags, so the ratio compares routes, not heap settings.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--input-type=module', '-e', BARE], { env: { ...process.env, PORT: String(port) }, stdio: 'inherit' });
  const url = `http://127.0.0.1:${port}/ping`;
  for (const deadline = Date.now() + 30_000; !(await fetch(url).then((r) => r.ok, () => false)); ) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the bare Fastify process did not start');
    await new Promise((r) => setTimeout(r, 50));
  }
  return { url, child };
}

/**
 * SEED submissions for the request's account (one SQL statement, spread over as many minutes), then the plans of the
 * list's queries: its page (with the total and list version) and the version alone, which a kept page is checked by. PGlite has one process: the server must be stopped while this runs.
 */
async function seedAndExplain(database: { databaseUrl?: string; dataDir: string }, requestId: string): Promise<string> {
  const handle = await openDatabase(database);
  try {
    const { rows } = await handle.executeSql('select account_id from recording_requests where id = $1', [requestId]);
    const accountId = (rows[0] as { account_id: string }).account_id;
    await handle.executeSql(
      `insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, status, created_at)
       select $1, $2, gen_random_uuid(), 'bench-' || g, 'link', 'video/mp4', 'ready', now() - g * interval '1 minute'
       from generate_series(1, ${SEED}) g`,
      [accountId, requestId],
    );
    // As autovacuum would soon after such an insert: measured then, it would compete with the load.
    await handle.executeSql('vacuum analyze submissions');
    // The list's queries exactly as the route sends them, with their values, to EXPLAIN.
    const sent: CompiledQuery[] = [];
    const capturing: DatabaseHandle = { ...handle, executePrepared: (name, query) => (sent.push(query), handle.executePrepared(name, query)) };
    await newestSubmissions(capturing, accountId, { limit: PER_PAGE, offset: 0 });
    await submissionListVersion(capturing, accountId);
    const plans: string[] = [];
    for (const query of sent) {
      const plan = await handle.executeSql(`explain (analyze, costs off, timing off) ${query.sql}`, [...query.parameters]);
      plans.push(query.sql, ...plan.rows.map((r) => `  ${(r as { 'QUERY PLAN': string })['QUERY PLAN']}`));
    }
    return plans.join('\n');
  } finally {
    await handle.close();
  }
}

const CHANGES_PER_SECOND = 50;

/** `measure` while another connection updates the request's newest submission CHANGES_PER_SECOND times a second. */
async function whileChanging<T>(databaseUrl: string, requestId: string, measure: () => Promise<T>): Promise<T> {
  const writer = new pg.Client({ connectionString: databaseUrl });
  await writer.connect();
  let writing = true;
  const writes = (async () => {
    for (let n = 0; writing; n++) {
      await writer.query(
        `update submissions set duration_ms = $2 where id = (select id from submissions where request_id = $1 order by created_at desc, id desc limit 1)`,
        [requestId, n],
      );
      await new Promise((r) => setTimeout(r, 1000 / CHANGES_PER_SECOND));
    }
  })();
  try {
    return await measure();
  } finally {
    writing = false;
    await writes;
    await writer.end();
  }
}

async function benchDatabase(name: string, env: Record<string, string>, databaseUrl: string | undefined, bareUrl: string): Promise<void> {
  // One secret for both servers of the PostgreSQL leg, so the owner's session cookie is good on either.
  const shared = { ...env, WORKERS: 'false', SESSION_SECRET: 'bench-session-secret-of-at-least-32-characters' };
  const server: RunningServer = await startServer(shared);
  let uncached: RunningServer | undefined;
  try {
    const owner = await signUpOwner(server.url);
    const request = await createRequest(owner, { title: 'Bench: submissions' });
    if (!databaseUrl) await server.kill('SIGTERM');
    const plans = await seedAndExplain({ databaseUrl, dataDir: server.dataDir }, request.id);
    if (!databaseUrl) await server.start();
    // The baseline of the list in the same run: a second server on the same database that keeps no pages and reads
    // each one as every request did before the page cache. PGlite has one process, so only PostgreSQL has it.
    if (databaseUrl) uncached = await startServer({ ...shared, LIST_CACHE_MB: '0' });
    const headers = { cookie: owner.headers.cookie! };
    const list = `/api/v1/submissions?per_page=${PER_PAGE}`;
    const loadBefore = load();
    const f = await measureRounds<string>({
      bare: { url: bareUrl },
      health: { url: `${server.url}/api/health`, pid: server.pid },
      me: { url: `${server.url}/api/v1/users/me`, headers, pid: server.pid },
      submissions: { url: `${server.url}${list}`, headers, pid: server.pid },
      ...(uncached ? { uncached: { url: `${uncached.url}${list}`, headers, pid: uncached.pid } } : {}),
    });
    // Kept pages under writes: the newest submission updated CHANGES_PER_SECOND times a second (each bumps the
    // account's list version, so the next request reads the page anew), as an account busy with recordings would.
    const busy = databaseUrl ? await whileChanging(databaseUrl, request.id, () => measureRounds({ busy: { url: `${server.url}${list}`, headers, pid: server.pid } })) : undefined;
    const row = (route: string, x: Figures) => ({
      route,
      'req/s': Math.round(x.rps),
      'p50 ms': x.p50,
      'p99 ms': x.p99,
      'req/s vs bare': (x.rps / f.bare!.rps).toFixed(2),
      'p99 vs bare': (x.p99 / Math.max(f.bare!.p99, 1)).toFixed(2),
      'server CPU ms/req': x.cpuMs === undefined ? '' : x.cpuMs.toFixed(3),
      errors: x.errors,
    });
    console.log(`\n${name}: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each (medians), load average before: ${loadBefore}, after: ${load()} on ${os.cpus().length} cores`);
    console.table([
      row('bare fastify GET /ping (own process)', f.bare!),
      row('GET /api/health', f.health!),
      row('GET /api/v1/users/me (signed in)', f.me!),
      row(`GET ${list} (${SEED} submissions; pages kept, version checked)`, f.submissions!),
      ...(busy ? [row(`  same, pages kept, while ${CHANGES_PER_SECOND} submissions change per second`, busy.busy)] : []),
      ...(f.uncached ? [row(`  same, LIST_CACHE_MB=0 (every page read): baseline`, f.uncached)] : []),
    ]);
    if (f.uncached) console.log(`list with kept pages vs every page read: ${(f.submissions!.rps / f.uncached.rps).toFixed(2)}× req/s, p99 ${f.submissions!.p99} vs ${f.uncached.p99} ms`);
    console.log(`query plans of the submissions list:\n${plans}`);
    if ([...Object.values(f), ...(busy ? [busy.busy] : [])].some((x) => x.errors)) throw new Error('some requests failed');
  } finally {
    await uncached?.stop();
    await server.stop();
  }
}

const bare = await startBare();
try {
  await benchDatabase('PGlite', {}, undefined, bare.url);
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const database = await createPostgresDatabase(admin);
    try {
      await benchDatabase('PostgreSQL', { DATABASE_URL: database.url }, database.url, bare.url);
    } finally {
      await database.drop();
    }
  } else {
    console.log('\nPostgreSQL: skipped (set TEST_DATABASE_URL, as `npm test` does)');
  }
} finally {
  bare.child.kill('SIGTERM');
}
