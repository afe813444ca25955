import os from 'node:os';
import PgBoss from 'pg-boss';
import { CompiledQuery, sql } from 'kysely';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle, Db } from '../db/database.ts';
import { killChildren } from '../media/child-processes.ts';
import type { Metrics } from '../metrics/metrics.ts';
import type { JobDefinition } from './job.ts';
import { refreshStartedOn, returnAbandoned, returnAsUnstarted } from './pgboss-internals.ts';

export interface JobQueueOptions {
  database: DatabaseHandle;
  jobs: readonly JobDefinition[];
  /** Run handlers in this process; HTTP-only processes still send. */
  workers: boolean;
  log: FastifyBaseLogger;
  pollingIntervalSeconds?: number;
  /**
   * A running job's worker refreshes the job's start time every quarter of this; a job whose start time is older was
   * left by a worker that died, and any worker process hands it to the next attempt (see sweepAbandoned).
   */
  livenessSeconds: number;
  /** On stop, running jobs get this long to finish before they are handed back (0: handed back at once). */
  shutdownGraceSeconds: number;
  /** Runs at once per job name in this process (JOB_CONCURRENCY); otherwise each job's own sizing (JobDefinition.concurrency). */
  concurrency?: Record<string, number>;
  metrics?: Metrics;
  /** How often pg-boss looks for a due schedule and queues what it found (its defaults: 30 s and 5 s); tests shorten it. */
  cronIntervalSeconds?: number;
}

interface RunningJob {
  name: string;
  id: string;
  abort: AbortController;
  done: Promise<unknown>;
}

/** NOTIFY channel a sent job is announced on (payload: the job's name), so workers in every process fetch it at once. */
export const JOB_QUEUED_CHANNEL = 'showback_job_queued';

/**
 * pg-boss on the product's own database. It talks through DatabaseHandle.executeSql, which on PGlite queues behind
 * Kysely's single connection, so the same queue runs on Postgres and on the embedded database. Jobs survive restarts
 * and any process with WORKERS=true may pick them up. A worker takes a job within its polling interval, and at once
 * when a `send` in any process announces it on JOB_QUEUED_CHANNEL (pg-boss's own notifyWorker only reaches workers of
 * the sending process); a lost notification only falls back to the polling.
 *
 * Liveness: pg-boss 10 only expires an active job at its expireInSeconds (hours, the longest a job may run) and has
 * no heartbeat (pg-boss 11+, which needs Node 22, neither). So each worker process refreshes `started_on` of the jobs it
 * runs, and every worker process returns to the queue the active jobs whose `started_on` stopped moving: a worker
 * killed mid-transcode costs a minute or two, not the expiry. expireInSeconds stays what pg-boss also makes it, the
 * in-process limit of one run.
 *
 * Periodic jobs (JobDefinition.schedule) are pg-boss schedules: install() writes each job's cron to pg-boss's schedule
 * table and removes the schedules of jobs that no longer have one. In worker processes pg-boss's cron monitor
 * (`schedule: true`) queues a due schedule's job; a timestamp in pg-boss's version table lets one process at a time
 * look, and a one-minute singleton on what it queues makes one run per slot however many processes look.
 */
export class JobQueue {
  private boss: PgBoss | undefined;
  private ctx: AppContext | undefined;
  private readonly workerIds = new Map<string, string[]>();
  private readonly running = new Map<string, RunningJob>();
  private readonly timers: NodeJS.Timeout[] = [];
  private stopping: Promise<void> | undefined;
  private graceTimer: NodeJS.Timeout | undefined;
  private endGrace: (() => void) | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  /**
   * pg-boss's workers mark a job complete without awaiting it (pg-boss 10 manager.watch), so its stop() can resolve
   * while that statement is still on its way; stop() waits for these before the database may close.
   */
  private readonly statementsInFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: JobQueueOptions) {}

  /**
   * pg-boss's tables, one queue per job and the periodic jobs' schedules. Schema work: app.ts runs it under the start-up
   * lock with the migrations, so processes starting together do not deadlock in each other's DDL.
   */
  async install(): Promise<void> {
    if (this.boss) return;
    const { database, workers, log, cronIntervalSeconds } = this.options;
    const boss = new PgBoss({
      db: { executeSql: (text, values) => this.track(database.executeSql(text, values)) },
      schema: 'pgboss',
      supervise: workers,
      // The cron monitor queues scheduled jobs through a worker of pg-boss's own, so only worker processes run it.
      schedule: workers,
      ...(cronIntervalSeconds ? { cronMonitorIntervalSeconds: cronIntervalSeconds, cronWorkerIntervalSeconds: cronIntervalSeconds } : {}),
      migrate: true,
    });
    boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
    await boss.start();
    // createQueue leaves an existing queue as it is; asking once which exist saves a round trip per job per start.
    const existing = new Set((await boss.getQueues()).map((queue) => queue.name));
    for (const job of this.options.jobs) {
      if (existing.has(job.name)) continue;
      await boss.createQueue(job.name, {
        name: job.name,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: job.expireInSeconds,
      });
    }
    await this.installSchedules(boss);
    this.boss = boss;
  }

  /**
   * Makes pg-boss's schedules those of the job definitions: pg-boss keeps schedules in its table across restarts, so
   * one whose job lost its schedule (or was removed) would go on queueing runs until unscheduled.
   */
  private async installSchedules(boss: PgBoss): Promise<void> {
    const crons = new Map(this.options.jobs.flatMap((job) => (job.schedule ? [[job.name, job.schedule.cron] as const] : [])));
    const existing = await boss.getSchedules();
    for (const { name } of existing) if (!crons.has(name)) await boss.unschedule(name);
    for (const [name, cron] of crons) {
      if (existing.some((schedule) => schedule.name === name && schedule.cron === cron)) continue;
      await boss.schedule(name, cron, {});
    }
  }

  /** Installs if needed, then (WORKERS=true) works every job's queue. */
  async start(ctx: AppContext): Promise<void> {
    this.ctx = ctx;
    await this.install();
    const boss = this.boss!;
    const { database, workers, log } = this.options;
    if (!workers) return;
    const machine = { cores: os.availableParallelism(), memoryGb: os.totalmem() / 1024 ** 3 };
    for (const job of this.options.jobs) {
      // Each pg-boss worker takes one job at a time; n of them on one queue run up to n at once.
      const concurrency = this.options.concurrency?.[job.name] ?? job.concurrency?.(machine) ?? 1;
      const ids: string[] = [];
      for (let i = 0; i < concurrency; i++) {
        ids.push(
          await boss.work<object>(
            job.name,
            { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
            async ([item]) => {
              if (!item) return;
              if (this.stopping) return this.handBack([{ name: job.name, id: item.id }]);
              // A worker that found a job looks again at once rather than at its next poll: one wake-up may stand for
              // many jobs (Postgres delivers a transaction's identical NOTIFYs once), so a woken worker drains the queue.
              try {
                await this.run(job, item);
              } finally {
                this.nudge(job);
              }
            },
          ),
        );
      }
      this.workerIds.set(job.name, ids);
    }
    // Without a name (a Postgres listener that reconnected, notifications meanwhile lost) every queue looks again.
    this.unlisten = await database.listen(JOB_QUEUED_CHANNEL, (name) => {
      for (const queue of name ? [name] : this.workerIds.keys()) this.nudge({ name: queue });
    });
    const every = (seconds: number, beat: () => Promise<unknown>): void => {
      const timer = setInterval(() => void beat().catch((error: unknown) => log.warn({ err: error }, 'job liveness check failed')), seconds * 1000);
      timer.unref();
      this.timers.push(timer);
    };
    every(this.options.livenessSeconds / 4, () => this.heartbeat());
    every(this.options.livenessSeconds / 2, () => this.sweepAbandoned());
  }

  /** The jobs this process runs are alive: their `started_on` moves on. */
  private async heartbeat(): Promise<void> {
    const jobs = [...this.running.values()];
    if (jobs.length === 0) return;
    await this.track(refreshStartedOn(this.options.database, jobs));
  }

  /** Returns the active jobs of dead workers to the queue (pgboss-internals.ts) and says so. */
  async sweepAbandoned(): Promise<number> {
    const rows = await this.track(returnAbandoned(this.options.database, this.options.livenessSeconds));
    for (const row of rows) {
      this.options.metrics?.jobsAbandoned.inc({ queue: row.name });
      const fields = { job: row.name, jobId: row.id, ...(row.data as object) };
      if (row.state === 'failed') this.options.log.error(fields, 'job abandoned by a worker that stopped, on its last attempt: failed');
      else {
        this.options.log.warn(fields, 'job abandoned by a worker that stopped: queued again');
        this.nudge({ name: row.name });
      }
    }
    return rows.length;
  }

  /**
   * Returns jobs this process took to the queue as if never started (the attempt does not count): another worker
   * takes them at once. Only while active, so a run that finished meanwhile stays finished.
   */
  private async handBack(jobs: { name: string; id: string }[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.track(returnAsUnstarted(this.options.database, jobs));
    await this.track(this.options.database.executeSql('select pg_notify($1, $2)', [JOB_QUEUED_CHANNEL, ''])).catch(() => undefined);
  }

  private async run(job: JobDefinition, item: PgBoss.JobWithMetadata<object>): Promise<void> {
    const ctx = this.ctx;
    if (!ctx) throw new Error('Job queue not started');
    const attempt = item.retryCount + 1;
    const payload = item.data as { submission_id?: string };
    const log = this.options.log.child({ job: job.name, jobId: item.id, attempt, ...(payload.submission_id ? { submissionId: payload.submission_id } : {}) });
    const abort = new AbortController();
    const started = performance.now();
    const finished = (outcome: 'completed' | 'failed' | 'handed_back'): number => {
      const seconds = (performance.now() - started) / 1000;
      this.options.metrics?.jobDuration.observe({ queue: job.name, outcome }, seconds);
      return Math.round(seconds * 1000);
    };
    // Periodic housekeeping runs every hour: its start and finish are debug, its failures are not.
    const level = job.schedule ? 'debug' : 'info';
    log[level]('job started');
    const done = job.handler(item.data, ctx, { jobId: item.id, attempt, isLastAttempt: item.retryCount >= item.retryLimit, signal: abort.signal });
    const key = `${job.name}/${item.id}`;
    this.running.set(key, { name: job.name, id: item.id, abort, done: done.catch(() => undefined) });
    try {
      await done;
      log[level]({ ms: finished('completed') }, 'job finished');
    } catch (error) {
      // Handed back at shutdown: resolving lets pg-boss's "complete" find the job no longer active, so it stays queued.
      if (abort.signal.aborted) {
        log.warn({ ms: finished('handed_back') }, 'job handed back to the queue at shutdown');
        return;
      }
      this.options.metrics?.jobFailures.inc({ queue: job.name });
      const final = item.retryCount >= item.retryLimit;
      log[final ? 'error' : 'warn']({ err: error, ms: finished('failed'), final }, final ? 'job failed on its last attempt' : 'job failed; it will be retried');
      throw error;
    } finally {
      this.running.delete(key);
      if (this.running.size === 0) this.endGrace?.();
    }
  }

  /**
   * Enqueues a job; the payload must match the job's schema, `startAfterSeconds` delays it. Returns the job id. With `trx` the job is written in that
   * transaction: it exists exactly when the transaction commits; call `nudge` after the commit.
   */
  async send<S extends TSchema>(job: JobDefinition<S>, payload: Static<S>, options: { startAfterSeconds?: number; trx?: Db } = {}): Promise<string | null> {
    if (!this.boss) throw new Error('Job queue not started');
    if (!Value.Check(job.schema, payload)) throw new Error(`Invalid payload for job ${job.name}`);
    const trx = options.trx;
    const id = await this.boss.send(job.name, payload as object, {
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
    for (const workerId of this.workerIds.get(job.name) ?? []) this.boss?.notifyWorker(workerId);
  }

  /** State of one job as pg-boss sees it (created, active, retry, completed, failed…). */
  async state(jobName: string, jobId: string): Promise<string | undefined> {
    const job = await this.boss?.getJobById(jobName, jobId, { includeArchive: true });
    return job?.state;
  }

  /**
   * Stops taking jobs (a web process draining its requests calls this first). Running jobs go on; sending still works,
   * so a job finishing during the grace period queues what follows it.
   */
  async stopTakingJobs(): Promise<void> {
    const boss = this.boss;
    if (!boss || this.workerIds.size === 0) return;
    for (const name of this.workerIds.keys()) await boss.offWork(name);
    this.workerIds.clear();
    await this.unlisten?.();
    this.unlisten = undefined;
  }

  /**
   * Stops taking jobs, gives running ones shutdownGraceSeconds to finish, then hands the rest back to the queue and
   * kills their media tools (via the run's AbortSignal and killChildren in the caller). Resolves when no handler runs.
   */
  stop(): Promise<void> {
    this.stopping ??= this.shutDown();
    return this.stopping;
  }

  /** Ends the grace period now: a second SIGTERM, or an operator in a hurry. */
  handBackNow(): void {
    this.endGrace?.();
  }

  private async shutDown(): Promise<void> {
    await this.stopTakingJobs();
    const log = this.options.log;
    if (this.running.size > 0) {
      const grace = this.options.shutdownGraceSeconds;
      log.info({ jobs: [...this.running.values()].map(({ name, id }) => ({ job: name, jobId: id })), graceSeconds: grace }, 'waiting for running jobs to finish');
      await new Promise<void>((resolve) => {
        this.endGrace = resolve;
        this.graceTimer = setTimeout(resolve, grace * 1000);
      });
      clearTimeout(this.graceTimer);
    }
    const left = [...this.running.values()];
    if (left.length > 0) {
      await this.handBack(left).catch((error: unknown) => log.error({ err: error }, 'could not hand jobs back; they return after the liveness window'));
      for (const job of left) job.abort.abort();
      const killed = await killChildren();
      log.warn({ jobs: left.map(({ name, id }) => ({ job: name, jobId: id })), killedTools: killed }, 'grace period over: running jobs handed back to the queue');
      await Promise.all(left.map((job) => job.done));
    }
    for (const timer of this.timers) clearInterval(timer);
    const boss = this.boss;
    this.boss = undefined;
    if (boss) await boss.stop({ graceful: true, wait: true, close: false, timeout: 1000 });
    await Promise.allSettled([...this.statementsInFlight]);
  }

  private track<T>(statement: Promise<T>): Promise<T> {
    this.statementsInFlight.add(statement);
    const forget = (): void => void this.statementsInFlight.delete(statement);
    statement.then(forget, forget);
    return statement;
  }
}
