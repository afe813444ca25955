import { sql, type Expression } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AccountBillingRow, AccountBillingUpdate, AccountRow } from '../../db/schema.ts';

export async function findAccount(db: Db, accountId: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', accountId).executeTakeFirst();
}

export async function findBilling(db: Db, accountId: string): Promise<AccountBillingRow | undefined> {
  return db.selectFrom('account_billing').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function findBillingByCustomer(db: Db, customerId: string): Promise<AccountBillingRow | undefined> {
  return db.selectFrom('account_billing').selectAll().where('stripe_customer_id', '=', customerId).executeTakeFirst();
}

/** The account's billing row, created empty on first use. */
export async function ensureBilling(db: Db, accountId: string): Promise<AccountBillingRow> {
  await db.insertInto('account_billing').values({ account_id: accountId }).onConflict((oc) => oc.column('account_id').doNothing()).execute();
  return db.selectFrom('account_billing').selectAll().where('account_id', '=', accountId).executeTakeFirstOrThrow();
}

/** Records the Stripe customer unless another request recorded one first; answers the one that is kept. */
export async function setCustomerIfMissing(db: Db, accountId: string, customerId: string): Promise<string> {
  await db
    .updateTable('account_billing')
    .set({ stripe_customer_id: customerId, updated_at: new Date() })
    .where('account_id', '=', accountId)
    .where('stripe_customer_id', 'is', null)
    .execute();
  const row = await db.selectFrom('account_billing').select('stripe_customer_id').where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return row.stripe_customer_id ?? customerId;
}

export async function updateBilling(db: Db, accountId: string, patch: AccountBillingUpdate): Promise<void> {
  await db.updateTable('account_billing').set({ ...patch, updated_at: new Date() }).where('account_id', '=', accountId).execute();
}

export async function setAccountPlan(db: Db, accountId: string, plan: string, interval: string): Promise<void> {
  await db.updateTable('accounts').set({ plan, billing_interval: interval, updated_at: new Date() }).where('id', '=', accountId).execute();
}

/** A paid plan ends the card-less trial for good, so cancelling later returns to free, not to the trial. */
export async function endTrial(db: Db, accountId: string, now: Date): Promise<void> {
  await db.updateTable('accounts').set({ trial_ends_at: now }).where('id', '=', accountId).where('trial_ends_at', '>', now).execute();
}

export async function insertCheckoutSession(db: Db, row: { id: string; account_id: string; plan: string; billing_interval: string }): Promise<void> {
  await db.insertInto('checkout_sessions').values(row).execute();
}

export async function findCheckoutSession(db: Db, accountId: string, sessionId: string) {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).where('account_id', '=', accountId).executeTakeFirst();
}

export async function findCheckoutSessionById(db: Db, sessionId: string) {
  return db.selectFrom('checkout_sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
}

export async function completeCheckoutSession(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('checkout_sessions').set({ completed_at: new Date() }).where('id', '=', sessionId).where('completed_at', 'is', null).execute();
}

/**
 * Takes an event for processing. False when it was processed already, or another delivery of it is being
 * processed right now (a claim older than five minutes counts as abandoned and is taken over).
 */
export async function claimEvent(db: Db, eventId: string, type: string): Promise<boolean> {
  const row = await db
    .insertInto('stripe_events')
    .values({ id: eventId, type })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ claimed_at: new Date() })
        .where('stripe_events.processed_at', 'is', null)
        .where('stripe_events.claimed_at', '<', new Date(Date.now() - 5 * 60_000)),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markEventProcessed(db: Db, eventId: string): Promise<void> {
  await db.updateTable('stripe_events').set({ processed_at: new Date() }).where('id', '=', eventId).execute();
}

/** Gives a failed event back so Stripe's retry processes it. */
export async function releaseEvent(db: Db, eventId: string): Promise<void> {
  await db.deleteFrom('stripe_events').where('id', '=', eventId).where('processed_at', 'is', null).execute();
}

/** The usage_retired key of the usage period starting at `from`. */
export const usageMonth = (from: Date): string => from.toISOString().slice(0, 7);

/**
 * Submissions counted in [from, to) that still exist, plus those retention deleted since, as an SQL expression for
 * the account `accountId` (a value or a column), so a caller can fetch it together with other rows in one query.
 */
export function usageCountSql(accountId: Expression<string>, from: Date, to: Date, month = usageMonth(from)) {
  return sql<number>`((select count(*) from submissions s where s.account_id = ${accountId} and s.counted_at >= ${from} and s.counted_at < ${to})
    + coalesce((select r.count from usage_retired r where r.account_id = ${accountId} and r.month = ${month}), 0))`;
}

/** Held submissions not released yet, as an SQL expression (see usageCountSql). */
export function heldCountSql(accountId: Expression<string>) {
  return sql<number>`(select count(*) from held_submissions h where h.account_id = ${accountId} and h.released_at is null)`;
}

export async function countUsage(db: Db, accountId: string, from: Date, to: Date): Promise<number> {
  const row = await db.selectNoFrom(usageCountSql(sql.val(accountId), from, to).as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countHeld(db: Db, accountId: string): Promise<number> {
  const row = await db.selectNoFrom(heldCountSql(sql.val(accountId)).as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function holdSubmission(db: Db, row: { account_id: string; request_id: string; upload_id: string; payload: Record<string, unknown> }): Promise<void> {
  await db
    .insertInto('held_submissions')
    .values({ ...row, payload: JSON.stringify(row.payload) })
    .onConflict((oc) => oc.column('upload_id').doNothing())
    .execute();
}

export async function listHeld(db: Db, accountId: string) {
  return db.selectFrom('held_submissions').selectAll().where('account_id', '=', accountId).where('released_at', 'is', null).orderBy('held_at').execute();
}

export async function releaseHeld(db: Db, id: string, submissionId: string | null): Promise<void> {
  await db.updateTable('held_submissions').set({ released_at: new Date(), submission_id: submissionId }).where('id', '=', id).execute();
}

/** Free accounts whose trial ends in (now, until] and whose owner has not been told yet. */
export async function trialsEndingBefore(db: Db, now: Date, until: Date) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('account_billing as b', 'b.account_id', 'a.id')
    .select(['a.id', 'a.trial_ends_at'])
    .where('a.plan', '=', 'free')
    .where('a.trial_ends_at', '>', now)
    .where('a.trial_ends_at', '<=', until)
    .where('b.trial_ending_notified_at', 'is', null)
    .execute();
}

export async function markTrialNotified(db: Db, accountId: string, at: Date): Promise<void> {
  await ensureBilling(db, accountId);
  await updateBilling(db, accountId, { trial_ending_notified_at: at });
}
