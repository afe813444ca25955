import PgBoss from 'pg-boss';
import { CompiledQuery, sql } from 'kysely';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import type { JobDefinition } from './job.ts';

export interface JobQueueOptions {
  database: DatabaseHandle;
  jobs: readonly JobDefinition[];
  /** Run handlers in this process; HTTP-only processes still send. */
  workers: boolean;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
}

/** NOTIFY channel a sent job is announced on (payload: the job's name), so workers in every process fetch it at once. */
export const JOB_QUEUED_CHANNEL = 'showback_job_queued';

/**
 * pg-boss on the product's own database. It talks through DatabaseHandle.executeSql, which on PGlite queues behind
 * Kysely's single connection, so the same queue runs on Postgres and on the embedded database. Jobs survive restarts
 * and any process with WORKERS=true may pick them up. A worker takes a job within its polling interval, and at once
 * when a `send` in any process announces it on JOB_QUEUED_CHANNEL (pg-boss's own notifyWorker only reaches workers of
 * the sending process); a lost notification only falls back to the polling.
 */
export class JobQueue {
  private boss: PgBoss | undefined;
  private ctx: AppContext | undefined;
  private readonly workerIds = new Map<string, string>();
  private scheduleTimer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /**
   * pg-boss's workers mark a job complete without awaiting it (pg-boss 10 manager.watch), so its stop() can resolve
   * while that statement is still on its way; stop() waits for these before the database may close.
   */
  private readonly statementsInFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: JobQueueOptions) {}

  async start(ctx: AppContext): Promise<void> {
    this.ctx = ctx;
    const { database, workers, log } = this.options;
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.track(database.executeSql(text, values)) },
      schema: 'pgboss',
      supervise: workers,
      schedule: false,
      migrate: true,
      // pg-boss throttles (singletonSeconds) only within the jobs not yet archived; a day and a half lets the daily
      // periodic jobs stay once-a-day (its default, 12 h, would refuse a 24 h slot).
      archiveCompletedAfterSeconds: 36 * 60 * 60,
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    this.boss = boss;
    // createQueue leaves an existing queue as it is; asking once which exist saves a round trip per job per start.
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const job of this.options.jobs) {
      if (!existing.has(job.name)) {
        await boss.createQueue(job.name, {
          name: job.name,
          retryLimit: job.retryLimit,
          retryDelay: job.retryDelaySeconds,
          retryBackoff: true,
          expireInSeconds: job.expireInSeconds,
        });
      }
      if (workers) {
        const id = await boss.work<object>(
          job.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
          async ([item]) => {
            if (!item) return;
            // A worker that found a job looks again at once rather than at its next poll: one wake-up may stand for
            // many jobs (Postgres delivers a transaction's identical NOTIFYs once), so a woken worker drains the queue.
            try {
              await this.run(job, item);
            } finally {
              this.nudge(job);
            }
          },
        );
        this.workerIds.set(job.name, id);
      }
    }
    if (workers) {
      // Without a name (a Postgres listener that reconnected, notifications meanwhile lost) every queue looks again.
      this.unlisten = await database.listen(JOB_QUEUED_CHANNEL, (name) => {
        for (const queue of name ? [name] : this.workerIds.keys()) this.nudge({ name: queue });
      });
      this.startSchedules();
    }
  }

  /**
   * Queues each periodic job now and every hour after; the singleton slot turns those ticks (from every worker
   * process) into one run per period. Hourly ticks mean a daily job runs within an hour of its slot opening.
   */
  private startSchedules(): void {
    const periodic = this.options.jobs.filter((job) => job.schedule);
    if (periodic.length === 0) return;
    const tick = (): void => {
      for (const job of periodic) {
        this.send(job, {}, { singletonKey: job.name, singletonSeconds: job.schedule!.everySeconds }).catch((error: unknown) =>
          this.options.log.warn({ err: error, job: job.name }, 'could not queue a periodic job'),
        );
      }
    };
    tick();
    this.scheduleTimer = setInterval(tick, 60 * 60 * 1000);
    this.scheduleTimer.unref();
  }

  private async run(job: JobDefinition, item: PgBoss.JobWithMetadata<object>): Promise<void> {
    const ctx = this.ctx;
    if (!ctx) throw new Error('Job queue not started');
    const attempt = item.retryCount + 1;
    const log = this.options.log.child({ job: job.name, jobId: item.id, attempt });
    try {
      await job.handler(item.data, ctx, { jobId: item.id, attempt, isLastAttempt: item.retryCount >= item.retryLimit });
    } catch (error) {
      log.warn({ err: error }, 'job failed');
      throw error;
    }
  }

  /**
   * Enqueues a job; the payload must match the job's schema, `startAfterSeconds` delays it. Returns the job id. With `trx` the job is written in that
   * transaction: it exists exactly when the transaction commits; call `nudge` after the commit.
   */
  async send<S extends TSchema>(job: JobDefinition<S>, payload: Static<S>, options: { singletonKey?: string; singletonSeconds?: number; startAfterSeconds?: number; trx?: Db } = {}): Promise<string | null> {
    if (!this.boss) throw new Error('Job queue not started');
    if (!Value.Check(job.schema, payload)) throw new Error(`Invalid payload for job ${job.name}`);
    const trx = options.trx;
    const id = await this.boss.send(job.name, payload as object, {
      ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
      ...(options.singletonSeconds ? { singletonSeconds: options.singletonSeconds } : {}),
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      ...(trx ? { db: { executeSql: async (text: string, values: unknown[] = []) => ({ rows: (await trx.executeQuery(CompiledQuery.raw(text, values))).rows }) } } : {}),
    });
    // Delivered at commit with the job, never for a rolled-back one; the sending process's own worker hears it too.
    if (trx) await sql`select pg_notify(${JOB_QUEUED_CHANNEL}, ${job.name})`.execute(trx);
    else await this.track(this.options.database.executeSql('select pg_notify($1, $2)', [JOB_QUEUED_CHANNEL, job.name]));
    return id;
  }

  /** Skips the polling delay when this process works the job's queue itself (no database round trip). */
  nudge(job: Pick<JobDefinition, 'name'>): void {
    const workerId = this.workerIds.get(job.name);
    if (workerId) this.boss?.notifyWorker(workerId);
  }

  /** State of one job as pg-boss sees it (created, active, retry, completed, failed…). */
  async state(jobName: string, jobId: string): Promise<string | undefined> {
    const job = await this.boss?.getJobById(jobName, jobId, { includeArchive: true });
    return job?.state;
  }

  /** Stops taking jobs and waits for running handlers to finish. */
  async stop(): Promise<void> {
    clearInterval(this.scheduleTimer);
    await this.unlisten?.();
    this.unlisten = undefined;
    const boss = this.boss;
    this.boss = undefined;
    if (boss) await boss.stop({ graceful: true, wait: true, close: false, timeout: 20_000 });
    await Promise.allSettled([...this.statementsInFlight]);
  }

  private track<T>(statement: Promise<T>): Promise<T> {
    this.statementsInFlight.add(statement);
    const forget = (): void => void this.statementsInFlight.delete(statement);
    statement.then(forget, forget);
    return statement;
  }
}
