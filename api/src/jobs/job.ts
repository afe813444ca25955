import type { Static, TSchema } from 'typebox';
import type { AppContext } from '../context.ts';

export interface JobRun {
  jobId: string;
  /** 1 for the first run. */
  attempt: number;
  /** True when a failure now is final (no retry follows). */
  isLastAttempt: boolean;
  /**
   * Aborted when the worker shuts down before this run finished: the job is already handed back to the queue and the
   * run's media tools are killed, so a handler records no failure for it.
   */
  signal?: AbortSignal;
}

/**
 * One background job: a name, the payload's schema (checked on send), retry policy and an idempotent handler.
 * Throwing retries with exponential backoff until retryLimit; the handler records what the owner should see.
 */
export interface JobDefinition<S extends TSchema = TSchema> {
  name: string;
  schema: S;
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
  /**
   * How many runs of this job one worker process may have at once, from the machine's cores and memory (GB); 1 when
   * unset. JOB_CONCURRENCY overrides it per job name.
   */
  concurrency?: (machine: { cores: number; memoryGb: number }) => number;
  /**
   * Periodic jobs: a cron (UTC, minute precision) at which pg-boss queues one run with an empty payload, whatever the
   * number of worker processes (job-queue.ts).
   */
  schedule?: { cron: string };
  handler(payload: Static<S>, ctx: AppContext, run: JobRun): Promise<void>;
}

export function defineJob<S extends TSchema>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}
