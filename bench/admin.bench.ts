// Admin list latency at scale (issue #16: ≤ 50 ms p99 with 100,000 submissions and 10,000 users in PostgreSQL). The
// built server (`api/dist/server.js`, WORKERS=false) on a new PostgreSQL database seeded with USERS users, each with
// an account of their own, SEED submissions spread over those accounts and the last 30 days, and one support request
// per 10 users; then each admin route is called by CONNECTIONS connections (1: one operator, so p99 is the latency
// of one request, not of a queue) for ROUNDS rounds of DURATION seconds, medians reported. Needs
// `npm run build -w api` and TEST_DATABASE_URL.
import os from 'node:os';
import autocannon from 'autocannon';
import { openDatabase } from '../api/src/db/database.ts';
import { createPostgresDatabase } from '../api/test/support/test-app.ts';
import { createRequest, signUpOwner } from '../e2e/recording/owner.ts';
import { startServer } from '../e2e/support/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const SEED = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const LIMIT_MS = 50;

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log('admin lists: skipped (set TEST_DATABASE_URL, as `npm test` does)');
  process.exit(0);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(databaseUrl: string, dataDir: string, requestId: string, adminEmail: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir });
  try {
    await handle.executeSql('update users set is_sysadmin = true where email = $1', [adminEmail]);
    await handle.executeSql(
      `with made as (
         insert into accounts (name, plan, trial_ends_at, created_at, updated_at)
         select 'Bench account ' || g, (array['free','starter','growth','scale'])[1 + g % 4], now() + (g % 40) * interval '1 day', now() - (g % 60) * interval '1 day', now()
         from generate_series(1, ${USERS}) g returning id, name)
       insert into users (account_id, email, name, role, created_at, updated_at)
       select id, 'bench-' || replace(name, ' ', '-') || '@example.test', 'Bench ' || name, 'owner', now() - (random() * 60) * interval '1 day', now() from made`,
    );
    const { rows } = await handle.executeSql('select account_id from recording_requests where id = $1', [requestId]);
    const ownAccount = (rows[0] as { account_id: string }).account_id;
    // Submissions belong to the request's account (a submission needs its request); the accounts list counts them
    // for that one account and zero for the others, which costs the same index lookup.
    await handle.executeSql(
      `insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, status, created_at)
       select $1, $2, gen_random_uuid(), 'bench-' || g, 'link', 'video/mp4', case when g % 50 = 0 then 'failed' else 'ready' end, now() - (g % 43200) * interval '1 minute'
       from generate_series(1, ${SEED}) g`,
      [ownAccount, requestId],
    );
    await handle.executeSql(
      `insert into support_requests (source, name, email, topic, message, ip_hash, created_at)
       select 'contact_form', 'Visitor ' || g, 'visitor-' || g || '@example.test', 'support', 'Bench message number ' || g, 'bench', now() - g * interval '5 minutes'
       from generate_series(1, ${Math.round(USERS / 10)}) g`,
    );
    await handle.executeSql('analyze');
  } finally {
    await handle.close();
  }
}

const database = await createPostgresDatabase(adminUrl);
const server = await startServer({ DATABASE_URL: database.url, WORKERS: 'false' });
try {
  const owner = await signUpOwner(server.url, 'Bench operators');
  const me = (await (await fetch(`${server.url}/api/v1/users/me`, { headers: owner.headers })).json()) as { email: string };
  const request = await createRequest(owner, { title: 'Bench: admin' });
  await seed(database.url, server.dataDir, request.id, me.email);
  const headers = { cookie: owner.headers.cookie! };
  const routes = [
    '/api/v1/admin/overview',
    '/api/v1/admin/users',
    '/api/v1/admin/users?q=bench-account-42&sort=email',
    '/api/v1/admin/users?sort=last_active&page=200',
    '/api/v1/admin/accounts',
    '/api/v1/admin/accounts?plan=growth&sort=trial_ending',
    '/api/v1/admin/accounts?q=bench-account-77',
    '/api/v1/admin/support-requests?status=closed',
    '/api/v1/admin/support-requests?q=number%2099',
    '/api/v1/admin/chats',
  ];
  for (const route of routes) await autocannon({ url: `${server.url}${route}`, connections: CONNECTIONS, duration: 1, headers });
  const loadBefore = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  const rows = [];
  for (const route of routes) {
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) runs.push(await autocannon({ url: `${server.url}${route}`, connections: CONNECTIONS, duration: DURATION, headers }));
    const p99 = median(runs.map((r) => r.latency.p99));
    rows.push({ route, 'req/s': Math.round(median(runs.map((r) => r.requests.average))), 'p50 ms': median(runs.map((r) => r.latency.p50)), 'p99 ms': p99, errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0), [`≤ ${LIMIT_MS} ms`]: p99 <= LIMIT_MS ? 'yes' : 'NO' });
  }
  console.log(`\nPostgreSQL, ${USERS} users and accounts, ${SEED} submissions: ${CONNECTIONS} connection(s), ${ROUNDS} rounds of ${DURATION} s (medians), load average before: ${loadBefore} on ${os.cpus().length} cores`);
  console.table(rows);
  if (rows.some((r) => r.errors > 0)) throw new Error('some requests failed');
} finally {
  await server.stop();
  await database.drop();
}
