// Admin list latency at scale (issue #16: ≤ 50 ms p99 with 100,000 submissions and 10,000 users in PostgreSQL). The
// built server (`api/dist/server.js`, WORKERS=false) on a new PostgreSQL database seeded with USERS users, each with
// an account of their own and a recording request; SEED submissions over the last 30 days from the busiest
// REQUEST_ACCOUNTS accounts; support requests, chats, alert deliveries, invitations and audit entries in the numbers
// a product of that size has. Then the baseline and each admin route are called by CONNECTIONS connections (1: one
// operator, so p99 is the latency of one request, not of a queue) for ROUNDS rounds of DURATION seconds, medians
// reported with the ratio to the baseline and the load average. Needs `npm run build -w api` and TEST_DATABASE_URL.
import os from 'node:os';
import autocannon from 'autocannon';
import { openDatabase } from '../api/src/db/database.ts';
import { createPostgresDatabase } from '../api/test/support/test-app.ts';
import { signUpOwner } from '../e2e/recording/owner.ts';
import { startServer } from '../e2e/support/server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 1);
const SEED = Number(process.env.BENCH_SUBMISSIONS ?? 100_000);
const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const LIMIT_MS = 50;
/** The submissions belong to this many accounts (the others have none), as a few busy accounts send most of them. */
const REQUEST_ACCOUNTS = 2000;
/** `npm run bench -- admin` with BENCH_ROUTES=users measures only the routes containing "users". */
const FILTER = process.env.BENCH_ROUTES ?? '';
/** Same server and pool, one `select 1` and no session: the floor under every route. */
const BASELINE = '/api/health';
/** Every admin list and the overview: default order, each search, filter and sort, and a deep page. */
const ROUTES = [
  '/api/v1/admin/overview',
  '/api/v1/admin/users',
  '/api/v1/admin/users?q=bench-account-42',
  '/api/v1/admin/users?q=zzz-nobody',
  '/api/v1/admin/users?sysadmin=true',
  '/api/v1/admin/users?sort=oldest',
  '/api/v1/admin/users?sort=email',
  '/api/v1/admin/users?sort=last_active',
  '/api/v1/admin/users?sort=last_active&page=200',
  '/api/v1/admin/users?page=400',
  '/api/v1/admin/accounts',
  '/api/v1/admin/accounts?q=bench-account-77',
  '/api/v1/admin/accounts?q=account%2077',
  '/api/v1/admin/accounts?plan=growth',
  '/api/v1/admin/accounts?plan=growth&sort=trial_ending',
  '/api/v1/admin/accounts?sort=name',
  '/api/v1/admin/accounts?sort=oldest&page=400',
  '/api/v1/admin/support-requests',
  '/api/v1/admin/support-requests?status=closed',
  '/api/v1/admin/support-requests?source=support_page',
  '/api/v1/admin/support-requests?q=number%2099',
  '/api/v1/admin/support-requests?status=closed&page=160',
  '/api/v1/admin/chats',
  '/api/v1/admin/chats?unread=true',
  '/api/v1/admin/chats?q=account-1',
  '/api/v1/admin/chats?page=80',
  '/api/v1/admin/alert-deliveries',
  '/api/v1/admin/alert-deliveries?status=failed',
  '/api/v1/admin/alert-deliveries?channel=email',
  '/api/v1/admin/zapier-subscriptions',
  '/api/v1/admin/recording-requests',
  '/api/v1/admin/recording-requests?q=account%2042',
  '/api/v1/admin/recording-requests?link_state=archived',
  '/api/v1/admin/recording-requests?sort=most_submissions',
  '/api/v1/admin/submissions',
  '/api/v1/admin/submissions?status=failed',
  '/api/v1/admin/submissions?q=request%20of%20bench%20account%207',
  '/api/v1/admin/submissions?sort=largest',
  '/api/v1/admin/submissions?page=400',
  '/api/v1/admin/invitations',
  '/api/v1/admin/invitations?status=pending',
  '/api/v1/admin/invitations?q=invitee',
];

const adminUrl = process.env.TEST_DATABASE_URL;
if (!adminUrl) {
  console.log('admin lists: skipped (set TEST_DATABASE_URL, as `npm test` does)');
  process.exit(0);
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function seed(databaseUrl: string, dataDir: string, adminEmail: string): Promise<void> {
  const handle = await openDatabase({ databaseUrl, dataDir });
  const run = (text: string): Promise<unknown> => handle.executeSql(text);
  try {
    await handle.executeSql('update users set is_sysadmin = true where email = $1', [adminEmail]);
    await run(
      `with made as (
         insert into accounts (name, plan, trial_ends_at, created_at, updated_at)
         select 'Bench account ' || g, (array['free','starter','growth','scale'])[1 + g % 4], now() + (g % 40) * interval '1 day', now() - (g % 60) * interval '1 day', now()
         from generate_series(1, ${USERS}) g returning id, name)
       insert into users (account_id, email, name, role, is_sysadmin, created_at, updated_at, last_active_at)
       select id, 'bench-' || replace(name, ' ', '-') || '@example.test', 'Bench ' || name, 'owner', random() < 0.002, now() - (random() * 60) * interval '1 day', now(),
              case when random() < 0.8 then now() - (random() * 30) * interval '1 day' end
       from made`,
    );
    // One recording request per account; the submissions go to the first REQUEST_ACCOUNTS of them, the busy ones.
    await run(
      `insert into recording_requests (account_id, title, microphone, max_duration_seconds, token, status, created_at)
       select a.id, 'Request of ' || a.name, 'optional', 300, 'bench-' || a.id, case when random() < 0.1 then 'archived' else 'active' end, a.created_at
       from accounts a where a.name like 'Bench account %'`,
    );
    await run(
      `with busy as (select id, account_id, row_number() over (order by id) - 1 as n from recording_requests where token like 'bench-%' limit ${REQUEST_ACCOUNTS})
       insert into submissions (account_id, request_id, client_submission_id, upload_id, source, mime_type, status, created_at)
       select busy.account_id, busy.id, gen_random_uuid(), 'bench-' || g, 'link', 'video/mp4', case when g % 50 = 0 then 'failed' else 'ready' end, now() - (g % 43200) * interval '1 minute'
       from generate_series(1, ${SEED}) g join busy on busy.n = g % ${REQUEST_ACCOUNTS}`,
    );
    await run(
      `insert into support_requests (source, name, email, topic, subject, message, ip_hash, status, created_at)
       select (array['contact_form','support_page'])[1 + g % 2], 'Visitor ' || g, 'visitor-' || g || '@example.test', 'support', 'Question ' || g, 'Bench message number ' || g, 'bench',
              case when g % 5 = 0 then 'open' else 'closed' end, now() - g * interval '5 minutes'
       from generate_series(1, ${Math.round(USERS / 2)}) g`,
    );
    // Chats of a fifth of the users, ten messages each, a third of them waiting for staff.
    await run(
      `insert into chat_conversations (user_id, last_message_at, created_at)
       select id, now() - (random() * 30) * interval '1 day', created_at from users where email like 'bench-%' order by id limit ${Math.round(USERS / 5)}`,
    );
    await run(
      `insert into chat_messages (conversation_id, author, author_name, body)
       select c.id, case when m % 2 = 0 then 'customer' else 'staff' end, 'Bench', 'Message ' || m from chat_conversations c, generate_series(1, 10) m`,
    );
    await run(`update chat_conversations c set staff_read_id = (select max(id) from chat_messages m where m.conversation_id = c.id) where random() < 0.66`);
    await run(
      `with events as (
         insert into alert_events (account_id, type, created_at, fanned_out_at)
         select id, 'submission.created', now() - (random() * 30) * interval '1 day', now() from accounts where name like 'Bench account %' returning id, account_id, created_at)
       insert into alert_deliveries (event_id, account_id, channel, target, status, attempts, created_at)
       select e.id, e.account_id, channel, 'bench-target', case when random() < 0.03 then 'failed' else 'succeeded' end, 1, e.created_at
       from events e, unnest(array['webhook','email','slack']) channel`,
    );
    await run(
      `insert into invitations (account_id, email, role, token_hash, expires_at, accepted_at, created_at)
       select a.id, 'invitee-' || a.id || '@example.test', 'member', 'bench-' || a.id, a.created_at + interval '7 days', case when random() < 0.5 then a.created_at + interval '1 day' end, a.created_at
       from accounts a where a.name like 'Bench account %' and random() < 0.5`,
    );
    await run(
      `insert into admin_audit_log (actor_email, action, target_type, target_id, before, after, created_at)
       select 'bench-admin@example.test', 'user.disable', 'user', gen_random_uuid()::text, '{"disabled":false}', '{"disabled":true}', now() - g * interval '1 hour'
       from generate_series(1, 2000) g`,
    );
    await run('analyze');
  } finally {
    await handle.close();
  }
}

const database = await createPostgresDatabase(adminUrl);
// A server that fails to start must not leave its database behind.
const server = await startServer({ DATABASE_URL: database.url, WORKERS: 'false' }).catch(async (error: unknown) => {
  await database.drop();
  throw error;
});
try {
  const owner = await signUpOwner(server.url, 'Bench operators');
  const me = (await (await fetch(`${server.url}/api/v1/users/me`, { headers: owner.headers })).json()) as { email: string };
  await seed(database.url, server.dataDir, me.email);
  const headers = { cookie: owner.headers.cookie! };
  const measure = async (route: string) => {
    const runs = [];
    for (let round = 0; round < ROUNDS; round++) runs.push(await autocannon({ url: `${server.url}${route}`, connections: CONNECTIONS, duration: DURATION, headers }));
    return { reqs: Math.round(median(runs.map((r) => r.requests.average))), p50: median(runs.map((r) => r.latency.p50)), p99: median(runs.map((r) => r.latency.p99)), errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0) };
  };
  const routes = ROUTES.filter((route) => route.includes(FILTER));
  for (const route of [BASELINE, ...routes]) await autocannon({ url: `${server.url}${route}`, connections: CONNECTIONS, duration: 1, headers });
  const loadBefore = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  const baseline = await measure(BASELINE);
  const rows = [{ route: `${BASELINE} (baseline)`, 'req/s': baseline.reqs, 'p50 ms': baseline.p50, 'p99 ms': baseline.p99, 'p99 / baseline': 1, errors: baseline.errors, [`≤ ${LIMIT_MS} ms`]: '' }];
  for (const route of routes) {
    const m = await measure(route);
    rows.push({ route, 'req/s': m.reqs, 'p50 ms': m.p50, 'p99 ms': m.p99, 'p99 / baseline': Number((m.p99 / Math.max(baseline.p99, 1)).toFixed(1)), errors: m.errors, [`≤ ${LIMIT_MS} ms`]: m.p99 <= LIMIT_MS ? 'yes' : 'NO' });
  }
  const loadAfter = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`\nPostgreSQL, ${USERS} users and accounts, ${SEED} submissions: ${CONNECTIONS} connection(s), ${ROUNDS} rounds of ${DURATION} s (medians); load average ${loadBefore} before, ${loadAfter} after, on ${os.cpus().length} cores`);
  console.table(rows);
  if (rows.some((r) => r.errors > 0)) throw new Error('some requests failed');
} finally {
  await server.stop();
  await database.drop();
}
