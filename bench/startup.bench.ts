// Spawn → healthy GET /api/health for the built server (`node api/dist/server.js`, what every browser scenario starts):
// PGlite in a new DATA_DIR, PGlite again on that DATA_DIR, and with TEST_DATABASE_URL set the same two on a new
// Postgres database. Baseline: a node process that only starts Fastify with a health route, polled the same way.
// Median of BENCH_RUNS (3) of each, cases alternating; wall time and the process's CPU time (all its threads: V8
// compiles PGlite's WebAssembly on background threads) up to the first healthy answer.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPostgresDatabase } from '../api/test/support/test-app.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// BENCH_SERVER: another build to compare with (an older commit's bundle).
const SERVER = process.env.BENCH_SERVER ?? path.join(ROOT, 'api/dist/server.js');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const POSTGRES = process.env.TEST_DATABASE_URL;

const BARE = `
  const { default: Fastify } = await import('fastify');
  const app = Fastify();
  app.get('/api/health', async () => ({ status: 'ok' }));
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

interface Start { wallMs: number; cpuMs: number | undefined }

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** utime + stime of a live process, from /proc (Linux); undefined elsewhere. */
async function cpuMs(pid: number): Promise<number | undefined> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8').catch(() => undefined);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ is 100 on Linux
}

async function timeStart(args: string[], env: Record<string, string>): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  try {
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${out}`);
      if (Date.now() > deadline) throw new Error(`not healthy within 120 s:\n${out}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    return { wallMs: performance.now() - started, cpuMs: await cpuMs(child.pid!) };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
}

interface Case {
  name: string;
  /** Prepares one run; answers the environment for the server and a clean-up. */
  prepare(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }>;
  bare?: boolean;
}

const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-bench-startup-'));
const newDir = () => fs.mkdtemp(path.join(tmp, 'data-'));
const noCleanup = async (): Promise<void> => {};

// The reused data dir (and database) is created by one start before measuring, as a restarted server finds it.
const reusedDir = await newDir();
await timeStart([SERVER], { DATA_DIR: reusedDir });
const cases: Case[] = [
  { name: 'bare node + Fastify listen (baseline)', bare: true, prepare: async () => ({ env: {}, cleanup: noCleanup }) },
  {
    name: 'PGlite, new DATA_DIR',
    prepare: async () => {
      const dir = await newDir();
      return { env: { DATA_DIR: dir }, cleanup: () => fs.rm(dir, { recursive: true, force: true }) };
    },
  },
  { name: 'PGlite, same DATA_DIR again', prepare: async () => ({ env: { DATA_DIR: reusedDir }, cleanup: noCleanup }) },
];
const dropLater: (() => Promise<void>)[] = [];
if (POSTGRES) {
  const reused = await createPostgresDatabase(POSTGRES);
  dropLater.push(reused.drop);
  await timeStart([SERVER], { DATA_DIR: await newDir(), DATABASE_URL: reused.url });
  cases.push(
    {
      name: 'Postgres, new database',
      prepare: async () => {
        const fresh = await createPostgresDatabase(POSTGRES);
        return { env: { DATA_DIR: await newDir(), DATABASE_URL: fresh.url }, cleanup: fresh.drop };
      },
    },
    { name: 'Postgres, same database again', prepare: async () => ({ env: { DATA_DIR: await newDir(), DATABASE_URL: reused.url }, cleanup: noCleanup }) },
  );
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const loadBefore = os.loadavg().map((l) => l.toFixed(1)).join(' ');
const runs = new Map<Case, Start[]>(cases.map((c) => [c, []]));
try {
  for (let round = 0; round < RUNS; round++) {
    for (const c of cases) {
      const { env, cleanup } = await c.prepare();
      try {
        runs.get(c)!.push(await timeStart(c.bare ? ['--input-type=module', '-e', BARE] : [SERVER], env));
      } finally {
        await cleanup();
      }
    }
  }
  const figures = cases.map((c) => {
    const r = runs.get(c)!;
    const cpu = r.every((s) => s.cpuMs !== undefined) ? median(r.map((s) => s.cpuMs!)) : undefined;
    return { c, wall: median(r.map((s) => s.wallMs)), cpu };
  });
  const base = figures[0]!;
  const load = os.loadavg().map((l) => l.toFixed(1)).join(' ');
  console.log(`${SERVER}, median of ${RUNS} starts each, load average before: ${loadBefore}, after: ${load} on ${os.cpus().length} cores`);
  if (!POSTGRES) console.log('TEST_DATABASE_URL is not set: the Postgres cases are left out');
  console.table(
    figures.map(({ c, wall, cpu }) => ({
      start: c.name,
      'to healthy ms': Math.round(wall),
      'vs baseline': (wall / base.wall).toFixed(1),
      'CPU ms': cpu === undefined ? '-' : Math.round(cpu),
      'CPU vs baseline': cpu === undefined || !base.cpu ? '-' : (cpu / base.cpu).toFixed(1),
    })),
  );
} finally {
  for (const drop of dropLater) await drop();
  await fs.rm(tmp, { recursive: true, force: true });
}
