import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { likePattern } from '../modules/support/support.repository.ts';
import type { AlertDeliveryRow, AlertEventRow } from './alert-channel.ts';

/** Events not fanned out yet, locked so that another dispatcher skips them; call inside a transaction. */
export async function lockUnfannedEvents(trx: Db, limit: number): Promise<AlertEventRow[]> {
  return trx.selectFrom('alert_events').selectAll().where('fanned_out_at', 'is', null).orderBy('created_at').limit(limit).forUpdate().skipLocked().execute();
}

/** One pending delivery per (event, channel, target), due now; an existing one is left as it is. */
export async function insertDeliveries(trx: Db, event: AlertEventRow, channel: string, targets: readonly string[]): Promise<void> {
  if (targets.length === 0) return;
  await trx
    .insertInto('alert_deliveries')
    .values(targets.map((target) => ({ event_id: event.id, account_id: event.account_id, channel, target, next_attempt_at: sql<Date>`now()` })))
    .onConflict((oc) => oc.constraint('alert_deliveries_once').doNothing())
    .execute();
}

export async function markFannedOut(trx: Db, eventId: string): Promise<void> {
  await trx.updateTable('alert_events').set({ fanned_out_at: sql<Date>`now()` }).where('id', '=', eventId).execute();
}

export interface ClaimedDelivery {
  delivery: AlertDeliveryRow;
  event: AlertEventRow;
}

/**
 * Takes up to `limit` due deliveries for one attempt each: counts the attempt and leases the row for `leaseSeconds`
 * (next_attempt_at moves ahead), so another dispatcher skips it, and retries it only if this one dies mid-attempt.
 */
export async function claimDueDeliveries(db: Db, channels: readonly string[], limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  if (limit <= 0 || channels.length === 0) return [];
  const claimed = await db
    .updateTable('alert_deliveries')
    .set({
      status: 'sending',
      attempts: sql<number>`attempts + 1`,
      last_attempt_at: sql<Date>`now()`,
      next_attempt_at: sql<Date>`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where('id', 'in', (qb) =>
      qb
        .selectFrom('alert_deliveries')
        .select('id')
        .where('status', 'in', ['pending', 'sending'])
        .where('next_attempt_at', '<=', sql<Date>`now()`)
        .where('channel', 'in', channels)
        .orderBy('next_attempt_at')
        .limit(limit)
        .forUpdate()
        .skipLocked(),
    )
    .returningAll()
    .execute();
  if (claimed.length === 0) return [];
  const events = await db.selectFrom('alert_events').selectAll().where('id', 'in', claimed.map((d) => d.event_id)).execute();
  const byId = new Map(events.map((e) => [e.id, e]));
  return claimed.map((delivery) => ({ delivery, event: byId.get(delivery.event_id)! }));
}

export async function savePayload(db: Db, deliveryId: string, payload: string): Promise<void> {
  await db.updateTable('alert_deliveries').set({ payload }).where('id', '=', deliveryId).where('payload', 'is', null).execute();
}

export interface AttemptResult {
  status: 'pending' | 'succeeded' | 'failed';
  retryInSeconds?: number;
  lastStatus: number | null;
  excerpt: string | null;
  durationMs: number;
}

/** Records an attempt's result, unless the lease ran out and another dispatcher took the delivery meanwhile. */
export async function finishAttempt(db: Db, delivery: AlertDeliveryRow, result: AttemptResult): Promise<boolean> {
  const updated = await db
    .updateTable('alert_deliveries')
    .set({
      status: result.status,
      next_attempt_at: result.status === 'pending' ? sql<Date>`now() + make_interval(secs => ${result.retryInSeconds ?? 0})` : null,
      last_status: result.lastStatus,
      last_excerpt: result.excerpt,
      duration_ms: Math.round(result.durationMs),
    })
    .where('id', '=', delivery.id)
    .where('status', '=', 'sending')
    .where('attempts', '=', delivery.attempts)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** When the earliest delivery in `channels` falls due (or a leased one's lease ends). */
export async function nextDueAt(db: Db, channels: readonly string[]): Promise<Date | undefined> {
  if (channels.length === 0) return undefined;
  const row = await db
    .selectFrom('alert_deliveries')
    .select((eb) => eb.fn.min('next_attempt_at').as('at'))
    .where('status', 'in', ['pending', 'sending'])
    .where('channel', 'in', channels)
    .executeTakeFirst();
  return row?.at ? new Date(row.at) : undefined;
}

export type DeliveryLogRow = AlertDeliveryRow & { event_type: string; submission_id: string | null };

/** The account's deliveries with their event's type and submission, as the delivery log shows them. */
function deliveryLog(db: Db, accountId: string) {
  return db
    .selectFrom('alert_deliveries as d')
    .innerJoin('alert_events as e', 'e.id', 'd.event_id')
    .selectAll('d')
    .select(['e.type as event_type', 'e.submission_id'])
    .where('d.account_id', '=', accountId);
}

/** Newest first, the account's deliveries of one channel (to one target, or to all of them). */
export async function listDeliveries(db: Db, accountId: string, channel: string, target: string | undefined, limit: number): Promise<DeliveryLogRow[]> {
  return deliveryLog(db, accountId)
    .where('d.channel', '=', channel)
    .$if(target !== undefined, (q) => q.where('d.target', '=', target!))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export async function findDelivery(db: Db, accountId: string, id: string): Promise<DeliveryLogRow | undefined> {
  return deliveryLog(db, accountId).where('d.id', '=', id).executeTakeFirst();
}

/** A finished delivery becomes due once more (one more attempt, same id and body). */
export async function requeueDelivery(db: Db, accountId: string, id: string): Promise<boolean> {
  const updated = await db
    .updateTable('alert_deliveries')
    .set({ status: 'pending', next_attempt_at: sql<Date>`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .where('status', 'in', ['failed', 'succeeded'])
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Every account's deliveries, newest first unless asked, one page of them, for system admins. */
export async function listAllDeliveries(db: Db, filter: { channels?: string[]; status?: string; q?: string; sort?: 'newest' | 'oldest'; page: number; perPage: number }) {
  let base = db.selectFrom('alert_deliveries as d').innerJoin('accounts as a', 'a.id', 'd.account_id');
  if (filter.channels?.length) base = base.where('d.channel', 'in', filter.channels);
  if (filter.status) base = base.where('d.status', '=', filter.status as AlertDeliveryRow['status']);
  const q = filter.q?.trim();
  if (q) base = base.where('a.name', 'ilike', likePattern(q));
  const [rows, { n }] = await Promise.all([
    base
      .innerJoin('alert_events as e', 'e.id', 'd.event_id')
      .selectAll('d')
      .select(['e.type as event_type', 'e.submission_id', 'a.name as account_name'])
      .orderBy('d.created_at', filter.sort === 'oldest' ? 'asc' : 'desc')
      .orderBy('d.id')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

/** A delivery's channel, state and account, its row locked until the transaction ends. */
export async function lockDelivery(db: Db, id: string) {
  return db.selectFrom('alert_deliveries').select(['id', 'account_id', 'channel', 'target', 'status', 'attempts', 'last_status']).where('id', '=', id).forUpdate().executeTakeFirst();
}
