import type { Selectable } from 'kysely';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { AlertDeliveriesTable, AlertEventsTable } from '../db/schema.ts';

export type AlertEventRow = Selectable<AlertEventsTable>;
export type AlertDeliveryRow = Selectable<AlertDeliveriesTable>;

/** What one attempt came to; the dispatcher turns it into the delivery's next state. */
export type DeliveryOutcome =
  | { result: 'succeeded'; status?: number; excerpt?: string }
  /** Worth trying again later; `retryAfterSeconds` is the receiver's own word (Retry-After) and is honoured. */
  | { result: 'retry'; status?: number; excerpt: string; retryAfterSeconds?: number }
  /** Final: no attempt follows (the receiver is gone, the target was removed, the input can never be sent). */
  | { result: 'failed'; status?: number; excerpt: string };

/**
 * One way of telling an account about an event: email, webhooks, and later team chat (Slack, Teams) and Zapier.
 * The dispatcher asks each channel for its targets when an event is fanned out (one delivery row per target),
 * renders the body once on the first attempt (retries send the same bytes) and retries per `retryDelaysSeconds`.
 */
export interface AlertChannel {
  /** Stored as alert_deliveries.channel. */
  readonly name: string;
  /** Seconds to wait after failed attempt n (index n-1); attempts stop when the list runs out. */
  readonly retryDelaysSeconds: readonly number[];
  /** Target ids (an endpoint id, a user id…) that want this event. Runs inside the fan-out transaction: use `db`. */
  targets(db: Db, event: AlertEventRow): Promise<string[]>;
  /** The body to send, or an outcome when there is nothing to send (the target or the submission is gone). */
  render(ctx: AppContext, event: AlertEventRow, target: string): Promise<string | Extract<DeliveryOutcome, { result: 'failed' }>>;
  deliver(ctx: AppContext, delivery: AlertDeliveryRow & { payload: string }, event: AlertEventRow): Promise<DeliveryOutcome>;
  /** After an attempt that leaves the delivery failed for good (for example, to disable an endpoint that never answers). */
  afterFinalFailure?(ctx: AppContext, delivery: AlertDeliveryRow): Promise<void>;
}
