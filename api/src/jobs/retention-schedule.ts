import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { JobDefinition } from './job.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Queues the hourly jobs (wiring.ts lists them: retention, trial notices, Jira webhooks) at start and every hour
 * after, in worker processes. The queue has no cron of its own; running hourly instead of daily is harmless because
 * the jobs record what they did and only act on what became due. The singleton key keeps one queued copy at a time
 * across processes. Answers a stop function for app close.
 */
export function startRetentionSchedule(ctx: AppContext, log: FastifyBaseLogger, hourlyJobs: readonly JobDefinition[]): () => void {
  if (!ctx.config.workers) return () => {};
  const tick = (): void => {
    for (const job of hourlyJobs) {
      ctx.queue.send(job, {}, { singletonKey: job.name }).catch((error: unknown) => log.warn({ err: error, job: job.name }, 'could not queue a scheduled job'));
    }
  };
  tick();
  const timer = setInterval(tick, HOUR_MS);
  timer.unref();
  return () => clearInterval(timer);
}
