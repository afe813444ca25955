import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, type JobDefinition } from '../src/jobs/job.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { killChildren } from '../src/media/child-processes.ts';
import { startApiProcess, type ApiProcess } from './support/api-process.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const run = promisify(execFile);
const PG_BIN = '/usr/lib/postgresql/15/bin';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** One sample's value from a Prometheus text exposition. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe(`/livez, /readyz and the metrics port (${process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestApp;
  let metricsUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    metricsUrl = `http://127.0.0.1:${port}/metrics`;
    t = await startTestApp({}, { WORKERS: 'false', METRICS_PORT: String(port), HOST: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('/livez answers; /readyz names each dependency and its state', async () => {
    const live = await fetch(`${t.url}/livez`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await fetch(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    const body = (await ready.json()) as { status: string; checks: Record<string, { status: string; detail?: Record<string, unknown> }> };
    expect(body.status).toBe('ready');
    expect(Object.keys(body.checks).sort()).toEqual(['database', 'ffmpeg', 'queue', 'storage']);
    for (const check of Object.values(body.checks)) expect(check.status).toBe('up');
    expect(body.checks.queue!.detail).toMatchObject({ waiting: expect.any(Number), active: expect.any(Number), stuck: expect.any(Number), workers: false });
    expect(String(body.checks.ffmpeg!.detail?.version)).toMatch(/^ffmpeg version/);
  });

  it('metrics show the queue filling up, a stuck job, and requests by route; the public port does not serve them', async () => {
    const job = defineJob({ name: `test-metrics-${crypto.randomUUID().slice(0, 8)}`, schema: Type.Object({}), retryLimit: 1, retryDelaySeconds: 1, expireInSeconds: 60, handler: async () => {} });
    const sender = new JobQueue({ database: t.app.ctx.database, jobs: [job as unknown as JobDefinition], workers: false, log: t.app.log, livenessSeconds: 60, shutdownGraceSeconds: 0 });
    await sender.start(t.app.ctx);
    try {
      const scrape = async () => (await fetch(metricsUrl)).text();
      expect(sample(await scrape(), 'showback_queue_jobs', { queue: job.name, state: 'created' })).toBe(0);
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) ids.push((await sender.send(job, {}))!);
      await new Promise((r) => setTimeout(r, 1100));
      let text = await scrape();
      expect(sample(text, 'showback_queue_jobs', { queue: job.name, state: 'created' })).toBe(20);
      expect(sample(text, 'showback_queue_oldest_waiting_seconds', { queue: job.name })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'showback_queue_stuck_jobs', { queue: job.name })).toBe(0);

      // A job a dead worker left active.
      await sql`update pgboss.job set state = 'active', started_on = now() - interval '10 minutes' where name = ${job.name} and id = ${ids[0]!}`.execute(t.app.ctx.db);
      text = await scrape();
      expect(sample(text, 'showback_queue_stuck_jobs', { queue: job.name })).toBe(1);
      expect(sample(text, 'showback_queue_jobs', { queue: job.name, state: 'active' })).toBe(1);
      expect(sample(text, 'showback_queue_jobs', { queue: job.name, state: 'created' })).toBe(19);

      await fetch(`${t.url}/livez`);
      // The gauge counts every tool of this process, and this worker runs its test files one after another (isolate:
      // false): an earlier file's closed app may have left one finishing. None of this app's is running.
      await killChildren();
      text = await scrape();
      expect(sample(text, 'showback_http_request_duration_seconds_count', { route: '/livez', method: 'GET', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'showback_media_tools_running')).toBe(0);
      expect(text).toContain('showback_uploads_in_progress 0');
      expect(await (await fetch(`${t.url}/metrics`)).text()).not.toContain('showback_queue_jobs');
    } finally {
      await sender.stop();
    }
  });
});

/** A PostgreSQL server of the test's own (the shared one must stay up for everyone else), as root through runuser. */
async function ownPostgres(): Promise<{ url: string; stop(): Promise<void>; start(): Promise<void>; remove(): Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-pg-'));
  const port = await freePort();
  const asPostgres = (bin: string, args: string[]) => (process.getuid?.() === 0 ? run('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]) : run(path.join(PG_BIN, bin), args));
  if (process.getuid?.() === 0) await run('chown', ['postgres', dir]);
  const data = path.join(dir, 'data');
  await asPostgres('initdb', ['-D', data, '-U', 'app', '--auth=trust', '-E', 'UTF8']);
  const start = async () => void (await asPostgres('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-w', 'start']));
  const stop = async () => void (await asPostgres('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']));
  await start();
  await asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'app', 'showback']);
  return { url: `postgres://app@127.0.0.1:${port}/showback`, start, stop, remove: async () => {
    await stop().catch(() => undefined);
    await fs.rm(dir, { recursive: true, force: true });
  } };
}

// A server of its own to stop: the Postgres leg only (the PGlite leg has no server to lose).
describe.skipIf(!process.env.TEST_DATABASE_URL)('/readyz while PostgreSQL stops and comes back', () => {
  let pgServer: Awaited<ReturnType<typeof ownPostgres>>;
  let api: ApiProcess;
  let dataDir: string;
  beforeAll(async () => {
    pgServer = await ownPostgres();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-ready-'));
    api = await startApiProcess({ DATABASE_URL: pgServer.url, DATA_DIR: dataDir, WORKERS: 'true' });
  }, 120_000);
  afterAll(async () => {
    await api?.stop();
    await pgServer?.remove();
    if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('turns unready, naming the database, and ready again once it is back', async () => {
    const ready = async () => {
      const res = await fetch(`${api.url}/readyz`);
      return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, { status: string; error?: string }> } };
    };
    expect((await ready()).status).toBe(200);
    await pgServer.stop();
    const down = await ready();
    expect(down.status).toBe(503);
    expect(down.body.status).toBe('unready');
    expect(down.body.checks.database!.status).toBe('down');
    expect(down.body.checks.database!.error).toBeTruthy();
    expect(down.body.checks.storage!.status).toBe('up');
    expect((await fetch(`${api.url}/livez`)).status).toBe(200);
    await pgServer.start();
    let back = await ready();
    for (const deadline = Date.now() + 20_000; back.status !== 200 && Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) back = await ready();
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('ready');
  }, 60_000);
});
