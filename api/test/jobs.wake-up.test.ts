import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/database.ts';
import { defineJob, type JobDefinition } from '../src/jobs/job.ts';
import { JobQueue } from '../src/jobs/job-queue.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** Far longer than any test may run: a worker that takes a job at all was woken, it did not poll. */
const POLLING_SECONDS = 3600;

async function until(what: string, done: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await done()); await new Promise((r) => setTimeout(r, 20))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}

/** A worker process's look at its queue: pg-boss's fetch statement for it, as it goes through the database handle. */
interface Polls {
  started: number;
  finished: number;
}

// A worker's queue polls once an hour here, so a job taken during the test was taken on the NOTIFY of its send. Each
// worker is first seen to finish its first fetch (the one at start) and to have none under way: a job sent before
// that could be taken by that fetch, without any wake-up. On Postgres each queue has a database handle (pool and
// listener) of its own, as separate processes would; PGlite is one process by construction, so there the queues share
// its handle.
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

  async function processLike(jobs: JobDefinition[], workers: boolean, polls?: Polls): Promise<JobQueue> {
    let database = t.app.ctx.database;
    if (t.databaseUrl) {
      database = await openDatabase({ databaseUrl: t.databaseUrl, dataDir: t.dataDir });
      handles.push(database);
    }
    if (polls) database = countingFetches(database, jobs, polls);
    const queue = new JobQueue({ database, jobs, workers, log: t.app.log, pollingIntervalSeconds: POLLING_SECONDS, livenessSeconds: 60, shutdownGraceSeconds: 5 });
    queues.push(queue);
    await queue.start(t.app.ctx);
    return queue;
  }

  /** The handle, counting the fetches of `jobs` (pg-boss's fetch takes the queue's name and the batch size). */
  function countingFetches(database: DatabaseHandle, jobs: JobDefinition[], polls: Polls): DatabaseHandle {
    const names = new Set(jobs.map((job) => job.name));
    const isFetch = (text: string, values: unknown[] = []): boolean => names.has(values[0] as string) && text.includes('FOR UPDATE SKIP LOCKED');
    return {
      ...database,
      async executeSql(text, values) {
        if (!isFetch(text, values)) return database.executeSql(text, values);
        polls.started++;
        try {
          return await database.executeSql(text, values);
        } finally {
          polls.finished++;
        }
      },
    };
  }

  /** Until the worker has fetched at least once and is not fetching: it waits for its next poll or a wake-up. */
  const idle = (polls: Polls) => until('the worker to finish its first fetch', () => polls.finished > 0 && polls.started === polls.finished);

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
    const polls: Polls = { started: 0, finished: 0 };
    await processLike([job], true, polls);
    const sender = await processLike([job], false);
    await idle(polls);
    const fetchesBefore = polls.started;
    await sender.send(job, { n: 1 });
    await until('the job to be taken', () => taken.length === 1);
    // Taken by a fetch that started after the send, with the next poll an hour away: the wake-up's.
    expect(polls.started).toBeGreaterThan(fetchesBefore);
  });

  it('inside a transaction the wake-up comes at commit, and two worker processes take each job once', async () => {
    const taken: number[] = [];
    const job = countingJob(taken);
    const polls: Polls[] = [
      { started: 0, finished: 0 },
      { started: 0, finished: 0 },
    ];
    for (const p of polls) await processLike([job], true, p);
    const sender = await processLike([job], false);
    for (const p of polls) await idle(p);
    const ids: (string | null)[] = [];
    await t.app.ctx.db.transaction().execute(async (trx) => {
      for (let n = 0; n < 10; n++) ids.push(await sender.send(job, { n }, { trx }));
    });
    // Postgres delivers a transaction's identical NOTIFYs once: ten jobs, one wake-up, so a woken worker must drain.
    await until("the transaction's 10 jobs to be taken", () => taken.length >= 10);
    for (let n = 10; n < 20; n++) ids.push(await sender.send(job, { n }));
    // Completed, every one: a job is taken again only while it is not, so no second run of any can still come.
    await until('all 20 jobs to be completed', async () => (await Promise.all(ids.map((id) => sender.state(job.name, id!)))).every((state) => state === 'completed'));
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, n) => n));
  });
});
