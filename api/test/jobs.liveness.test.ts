import { sql } from 'kysely';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineJob, type JobDefinition, type JobRun } from '../src/jobs/job.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { runTool } from '../src/media/run-tool.ts';
import { runningChildren } from '../src/media/child-processes.ts';
import { isRunning } from '../src/media/work-dirs.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LIVENESS_SECONDS = 2;

async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 20_000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(50)) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

describe(`job liveness and shutdown (${process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestApp;
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await t?.close();
  });

  async function startQueue(jobs: JobDefinition[], options: { workers?: boolean; shutdownGraceSeconds?: number; concurrency?: Record<string, number> } = {}): Promise<JobQueue> {
    const queue = new JobQueue({
      database: t.app.ctx.database,
      jobs,
      workers: options.workers ?? true,
      log: t.app.log,
      pollingIntervalSeconds: 0.5,
      livenessSeconds: LIVENESS_SECONDS,
      shutdownGraceSeconds: options.shutdownGraceSeconds ?? 30,
      concurrency: options.concurrency,
    });
    queues.push(queue);
    await queue.start(t.app.ctx);
    return queue;
  }

  function job(handler: (run: JobRun) => Promise<void>): JobDefinition {
    return defineJob({
      name: `test-live-${crypto.randomUUID().slice(0, 8)}`,
      schema: Type.Object({}),
      retryLimit: 2,
      retryDelaySeconds: 60,
      expireInSeconds: 60 * 60,
      handler: (_payload, _ctx, run) => handler(run),
    }) as unknown as JobDefinition;
  }

  const jobRow = async (name: string, id: string) =>
    (await sql<{ state: string; retry_count: number }>`select state::text as state, retry_count from pgboss.job where name = ${name} and id = ${id}`.execute(t.app.ctx.db)).rows[0];

  it('a job a dead worker left active runs again within the liveness window, as its next attempt, without the retry delay', async () => {
    const runs: number[] = [];
    const definition = job(async (run) => void runs.push(run.attempt));
    const sender = await startQueue([definition], { workers: false });
    const id = (await sender.send(definition, {}))!;
    // What a worker killed mid-run leaves: the job active, its start time no longer refreshed.
    await sql`update pgboss.job set state = 'active', started_on = now() - interval '1 hour' where name = ${definition.name} and id = ${id}`.execute(t.app.ctx.db);
    await startQueue([definition]);
    // The wait (20 s) is far shorter than the job's other ways back to a worker, the retry delay (60 s) and pg-boss's
    // expiry (1 h): only the liveness sweep can have returned it.
    await until('the abandoned job to complete', async () => ((await jobRow(definition.name, id))?.state === 'completed' ? true : undefined));
    expect(runs).toEqual([2]);
  });

  it('a job whose worker lives is never taken from it, however long it runs', async () => {
    const runs: number[] = [];
    const definition = job(async (run) => {
      runs.push(run.attempt);
      await sleep(LIVENESS_SECONDS * 3 * 1000);
    });
    const queue = await startQueue([definition]);
    const id = (await queue.send(definition, {}))!;
    await until('the long job to complete', async () => ((await jobRow(definition.name, id))?.state === 'completed' ? true : undefined));
    expect(runs).toEqual([1]);
    expect((await jobRow(definition.name, id))?.retry_count).toBe(0);
  });

  it('stop lets a job finish within the grace period', async () => {
    let finished = false;
    const definition = job(async () => {
      await sleep(1500);
      finished = true;
    });
    const queue = await startQueue([definition], { shutdownGraceSeconds: 30 });
    const id = (await queue.send(definition, {}))!;
    await until('the job to start', async () => ((await jobRow(definition.name, id))?.state === 'active' ? true : undefined));
    await queue.stop();
    expect(finished).toBe(true);
    await until('the completion to be written', async () => ((await jobRow(definition.name, id))?.state === 'completed' ? true : undefined));
  });

  it('past the grace period a running job is handed back uncounted, its tools killed, and another worker runs it at once', async () => {
    const runs: { attempt: number; aborted: boolean }[] = [];
    let toolPid: number | undefined;
    const definition = job(async (run) => {
      const entry = { attempt: run.attempt, aborted: false };
      runs.push(entry);
      if (runs.length > 1) return;
      // A transcode that outlasts the grace period: a tool this process tracks, as runTool runs ffmpeg.
      const tool = runTool('sleep', ['60']).catch((error: unknown) => error);
      toolPid = runningChildren().at(-1);
      await tool;
      entry.aborted = run.signal?.aborted ?? false;
      throw new Error('the tool was killed');
    });
    const first = await startQueue([definition], { shutdownGraceSeconds: 1 });
    const id = (await first.send(definition, {}))!;
    await until('the tool to run', () => toolPid);
    // The run saw its abort and its tool is gone: the grace period ended it (the tool alone would run a minute).
    await first.stop();
    expect(isRunning(toolPid!)).toBe(false);
    expect(runningChildren()).toEqual([]);
    expect(runs).toEqual([{ attempt: 1, aborted: true }]);
    expect(await jobRow(definition.name, id)).toMatchObject({ state: 'created' });

    await startQueue([definition]);
    await until('the handed-back job to complete', async () => ((await jobRow(definition.name, id))?.state === 'completed' ? true : undefined));
    // Handed back, not failed: the next run is attempt 1 again.
    expect(runs.map((r) => r.attempt)).toEqual([1, 1]);
  });

  it("a worker runs as many of one job at once as its concurrency, and a slow queue never holds up another queue's jobs", async () => {
    let running = 0;
    let most = 0;
    let quickRan!: () => void;
    const quickDone = new Promise<void>((resolve) => (quickRan = resolve));
    // The slow jobs run until the quick one has: were the quick job held up behind them, none would ever finish.
    const slow = job(async () => {
      running++;
      most = Math.max(most, running);
      await quickDone;
      running--;
    });
    // How many slow jobs were running when the quick one ran.
    const quickRuns: number[] = [];
    const quick = job(async () => {
      quickRuns.push(running);
      quickRan();
    });
    const queue = await startQueue([slow, quick], { concurrency: { [slow.name]: 2 } });
    const slowIds = await Promise.all([0, 1, 2, 3].map(() => queue.send(slow, {})));
    await until('two slow jobs to run', () => (running === 2 ? true : undefined));
    await queue.send(quick, {});
    await until('the slow jobs to complete', async () => ((await Promise.all(slowIds.map((id) => jobRow(slow.name, id!)))).every((row) => row?.state === 'completed') ? true : undefined));
    expect(most).toBe(2);
    expect(quickRuns).toEqual([2]);
  });
});
