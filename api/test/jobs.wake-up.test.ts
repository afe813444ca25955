import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { defineJob, type JobDefinition } from '../src/jobs/job.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const POLLING_SECONDS = 10;

async function until(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done(); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

// A worker's queue polls every 10 s here, so a job taken within a second was woken by the NOTIFY of its send. On
// Postgres each queue has a database handle (pool and listener) of its own, as separate processes would; PGlite is one
// process by construction, so there the queues share its handle.
describe(`job wake-up on send (${process.env.TEST_DATABASE_URL ? 'Postgres' : 'PGlite'})`, () => {
  let t: TestApp;
  const handles: DatabaseHandle[] = [];
  const queues: JobQueue[] = [];
  beforeAll(async () => {
    t = await startTestApp({}, { WORKERS: 'false' });
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    for (const handle of handles) await handle.close();
    await t?.close();
  });

  async function processLike(jobs: JobDefinition[], workers: boolean): Promise<JobQueue> {
    let database = t.app.ctx.database;
    if (t.databaseUrl) {
      database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
      handles.push(database);
    }
    const queue = new JobQueue({ database, jobs, workers, log: t.app.log, pollingIntervalSeconds: POLLING_SECONDS, livenessSeconds: 60, shutdownGraceSeconds: 5 });
    queues.push(queue);
    await queue.start(t.app.ctx);
    return queue;
  }

  function countingJob(taken: number[]): JobDefinition {
    return defineJob({
      name: `test-wake-${crypto.randomUUID().slice(0, 8)}`,
      schema: Type.Object({ n: Type.Integer() }),
      retryLimit: 0,
      retryDelaySeconds: 1,
      expireInSeconds: 60,
      async handler({ n }) {
        taken.push(n);
      },
    }) as unknown as JobDefinition;
  }

  it('a job sent by a process without workers is taken by a worker elsewhere at once, not at its next poll', async () => {
    const taken: number[] = [];
    const job = countingJob(taken);
    await processLike([job], true);
    const sender = await processLike([job], false);
    // The worker's first fetch, at start, found nothing; its next poll is 10 s away.
    await new Promise((r) => setTimeout(r, 500));
    const sent = performance.now();
    await sender.send(job, { n: 1 });
    await until('the job to be taken', () => taken.length === 1, 5000);
    expect(performance.now() - sent).toBeLessThan(3000);
  });

  it('inside a transaction the wake-up comes at commit, and two worker processes take each job once', async () => {
    const taken: number[] = [];
    const job = countingJob(taken);
    await processLike([job], true);
    await processLike([job], true);
    const sender = await processLike([job], false);
    await new Promise((r) => setTimeout(r, 500));
    await t.app.ctx.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 10; n++) await sender.send(job, { n }, { trx });
    });
    // Postgres delivers a transaction's identical NOTIFYs once: ten jobs, one wake-up, so a woken worker must drain.
    await until("the transaction's 10 jobs to be taken", () => taken.length >= 10, 5000);
    for (let n = 10; n < 20; n++) await sender.send(job, { n });
    await until('all 20 jobs to be taken', () => taken.length >= 20, 10_000);
    await new Promise((r) => setTimeout(r, 500));
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});
