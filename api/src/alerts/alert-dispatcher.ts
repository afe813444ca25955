import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { AlertChannel, DeliveryOutcome } from './alert-channel.ts';
import { ALERT_EVENTS_CHANNEL } from './alert-events.ts';
import * as repo from './alert-deliveries.repository.ts';

const FAN_OUT_BATCH = 50;
/** Attempts in flight per process: a slow receiver holds one slot (up to its timeout), never the whole pass. */
const MAX_IN_FLIGHT = 16;
/** Longer than any channel's own timeout: a lease that runs out means the process died mid-attempt. */
const LEASE_SECONDS = 60;
/** A dispatcher looks for due work at least this often, so a NOTIFY lost with a dropped connection only delays. */
const SAFETY_POLL_MS = 15_000;

/** Exponential schedules get ±20 % jitter so that endpoints failing together do not retry in lockstep. */
function withJitter(seconds: number): number {
  return seconds * (0.8 + Math.random() * 0.4);
}

/**
 * Fans outbox events out to deliveries and makes their attempts, in every worker process. It wakes on NOTIFY
 * (Postgres: from any process, at the commit that wrote the event; PGlite: within its one process), on its own timer
 * for the next retry due, and every SAFETY_POLL_MS. Row locks with SKIP LOCKED let several processes share the work:
 * each event is fanned out once and each attempt made by one process.
 */
export class AlertDispatcher {
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly byName: Map<string, AlertChannel>;

  constructor(
    private readonly ctx: AppContext,
    private readonly channels: readonly AlertChannel[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.byName = new Map(channels.map((c) => [c.name, c]));
  }

  async start(): Promise<void> {
    this.unlisten = await this.ctx.database.listen(ALERT_EVENTS_CHANNEL, () => this.wake());
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.unlisten?.();
    await this.running;
    await Promise.all(this.inFlight);
  }

  /** Runs a pass now, or right after the one under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.passes()
      .catch((error: unknown) => this.log.warn({ err: error }, 'alert dispatch pass failed'))
      .finally(() => {
        this.running = undefined;
        this.scheduleNext().catch((error: unknown) => this.log.warn({ err: error }, 'alert dispatch schedule failed'));
      });
  }

  private async passes(): Promise<void> {
    do {
      this.again = false;
      while ((await this.fanOut()) === FAN_OUT_BATCH && !this.stopped);
      await this.startDueAttempts();
    } while (this.again && !this.stopped);
  }

  private async scheduleNext(): Promise<void> {
    if (this.stopped) return;
    const due = await repo.nextDueAt(this.ctx.db, [...this.byName.keys()]);
    const wait = due ? Math.max(0, Math.min(SAFETY_POLL_MS, due.getTime() - Date.now())) : SAFETY_POLL_MS;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  /** One transaction: the events it locks get their deliveries and are marked fanned out together. */
  private async fanOut(): Promise<number> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const events = await repo.lockUnfannedEvents(trx, FAN_OUT_BATCH);
      for (const event of events) {
        for (const channel of this.channels) {
          if (event.only && event.only.channel !== channel.name) continue;
          const targets = event.only ? [event.only.target] : await channel.targets(trx, event);
          await repo.insertDeliveries(trx, event, channel.name, targets);
        }
        await repo.markFannedOut(trx, event.id);
      }
      return events.length;
    });
  }

  private async startDueAttempts(): Promise<void> {
    const claimed = await repo.claimDueDeliveries(this.ctx.db, [...this.byName.keys()], MAX_IN_FLIGHT - this.inFlight.size, LEASE_SECONDS);
    for (const item of claimed) {
      const attempt = this.attempt(item).finally(() => {
        this.inFlight.delete(attempt);
        // A slot is free: whatever waited for one goes now.
        this.wake();
      });
      this.inFlight.add(attempt);
    }
  }

  private async attempt({ delivery, event }: repo.ClaimedDelivery): Promise<void> {
    const channel = this.byName.get(delivery.channel)!;
    const started = performance.now();
    let outcome: DeliveryOutcome;
    try {
      let payload = delivery.payload;
      if (payload === null) {
        const rendered = await channel.render(this.ctx, event, delivery.target);
        if (typeof rendered === 'string') {
          await repo.savePayload(this.ctx.db, delivery.id, rendered);
          payload = rendered;
        } else {
          outcome = rendered;
        }
      }
      outcome ??= await channel.deliver(this.ctx, { ...delivery, payload: payload! }, event);
    } catch (error) {
      this.log.warn({ err: error, deliveryId: delivery.id, channel: delivery.channel }, 'alert delivery threw');
      outcome = { result: 'retry', excerpt: 'Internal error while sending; it will be retried.' };
    }
    const durationMs = performance.now() - started;
    const common = { lastStatus: outcome.status ?? null, excerpt: outcome.excerpt ?? null, durationMs };
    let result: repo.AttemptResult;
    if (outcome.result === 'succeeded') result = { status: 'succeeded', ...common };
    else if (outcome.result === 'retry' && delivery.attempts <= channel.retryDelaysSeconds.length) {
      // The receiver's Retry-After, when it sent one, replaces the schedule's step: it knows when it can take more.
      const retryInSeconds = outcome.retryAfterSeconds ?? withJitter(channel.retryDelaysSeconds[delivery.attempts - 1]!);
      result = { status: 'pending', retryInSeconds, ...common };
    } else result = { status: 'failed', ...common };
    const metrics = this.ctx.metrics;
    metrics.alertDelivery.observe({ channel: delivery.channel, result: result.status }, durationMs / 1000);
    if (result.status === 'succeeded') metrics.alertLatency.observe({ channel: delivery.channel }, (Date.now() - new Date(event.created_at).getTime()) / 1000);
    else metrics.alertFailures.inc({ channel: delivery.channel, final: String(result.status === 'failed') });
    const recorded = await repo.finishAttempt(this.ctx.db, delivery, result);
    if (recorded && result.status === 'failed') await channel.afterFinalFailure?.(this.ctx, { ...delivery, status: 'failed' });
  }
}
