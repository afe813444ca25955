// API throughput on loopback: GET /api/health and an authenticated GET /api/v1/users/me on the real app (PGlite in
// a temp dir), each compared with a bare Fastify route measured in the same run. The three alternate for ROUNDS
// rounds and the medians are reported, so a burst of load from elsewhere on the machine skews one round, not a route.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../api/src/app.ts';
import { loadConfig } from '../api/src/config.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 10;

interface Figures { rps: number; p99: number; errors: number }

async function measure(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Each target measured once per round, targets alternating; medians of req/s and p99, errors summed. */
async function measureRounds<K extends string>(targets: Record<K, { url: string; headers?: Record<string, string> }>): Promise<Record<K, Figures>> {
  const entries = Object.entries(targets) as [K, { url: string; headers?: Record<string, string> }][];
  const runs = {} as Record<K, Figures[]>;
  for (const [, { url, headers }] of entries) await autocannon({ url, connections: CONNECTIONS, duration: 1, headers: headers ?? {} }); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, { url, headers }] of entries) (runs[name] ??= []).push(await measure(url, headers));
  }
  return Object.fromEntries(
    (Object.entries(runs) as [K, Figures[]][]).map(([name, figures]) => [
      name,
      { rps: median(figures.map((f) => f.rps)), p99: median(figures.map((f) => f.p99)), errors: figures.reduce((sum, f) => sum + f.errors, 0) },
    ]),
  ) as Record<K, Figures>;
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-'));
const bare = Fastify({ logger: false });
bare.get('/ping', async () => ({ status: 'ok' }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/ping`;

const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'warn', WORKERS: 'false', STATIC_ROOT: dataDir });
const app = await buildApp(config, { logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

// A signed-in browser: CSRF cookie + token, then sign-up.
const csrfRes = await fetch(`${base}/api/v1/csrf`);
const csrfCookie = csrfRes.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const { csrf_token } = (await csrfRes.json()) as { csrf_token: string };
const signUp = await fetch(`${base}/api/v1/users/sign_up`, {
  method: 'POST',
  headers: { cookie: csrfCookie, 'x-csrf-token': csrf_token, 'content-type': 'application/json' },
  body: JSON.stringify({ name: 'Bench', email: `bench-${Date.now()}@example.test`, account_name: 'Bench', password: 'bench password', password_confirmation: 'bench password' }),
});
if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
const cookie = [csrfCookie, ...signUp.headers.getSetCookie().map((c) => c.split(';')[0])].join('; ');

const loadBefore = os.loadavg().map((l) => l.toFixed(1)).join(' ');
try {
  const { baseline, health, me } = await measureRounds({
    baseline: { url: bareUrl },
    health: { url: `${base}/api/health` },
    me: { url: `${base}/api/v1/users/me`, headers: { cookie } },
  });
  const row = (name: string, f: Figures) => ({
    route: name,
    'req/s': Math.round(f.rps),
    'p99 ms': f.p99,
    'req/s vs bare': (f.rps / baseline.rps).toFixed(2),
    'p99 vs bare': (f.p99 / Math.max(baseline.p99, 1)).toFixed(2),
    errors: f.errors,
  });
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`loopback, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each (medians), database: ${app.ctx.database.kind}, load average before: ${loadBefore}, after: ${load} on ${os.cpus().length} cores`);
  console.table([row('bare fastify GET /ping', baseline), row('GET /api/health', health), row('GET /api/v1/users/me (signed in)', me)]);
  if (health.errors || me.errors) throw new Error('some requests failed');
} finally {
  await app.close();
  await bare.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
