import { likePattern } from '../../modules/support/support.repository.ts';
import type { Db } from '../../db/database.ts';

export async function findKey(db: Db, accountId: string) {
  return db.selectFrom('zapier_keys').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

export async function findAccountByKeyHash(db: Db, keyHash: string) {
  return db
    .selectFrom('zapier_keys as k')
    .innerJoin('accounts as a', 'a.id', 'k.account_id')
    .select(['a.id as account_id', 'a.name as account_name', 'a.plan', 'a.trial_ends_at', 'k.key_prefix'])
    .where('k.key_hash', '=', keyHash)
    .executeTakeFirst();
}

/** Inserts the account's key unless it has one; answers whether this call created it. */
export async function insertKey(db: Db, values: { account_id: string; key_hash: string; key_prefix: string; created_by: string }): Promise<boolean> {
  const row = await db.insertInto('zapier_keys').values(values).onConflict((oc) => oc.column('account_id').doNothing()).returning('account_id').executeTakeFirst();
  return row !== undefined;
}

export async function replaceKey(db: Db, values: { account_id: string; key_hash: string; key_prefix: string; created_by: string }): Promise<void> {
  await db
    .insertInto('zapier_keys')
    .values(values)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ key_hash: values.key_hash, key_prefix: values.key_prefix, created_by: values.created_by }))
    .execute();
}

export async function deleteKeyAndSubscriptions(db: Db, accountId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('zapier_subscriptions').where('account_id', '=', accountId).execute();
    await trx.deleteFrom('zapier_keys').where('account_id', '=', accountId).execute();
  });
}

export async function countSubscriptions(db: Db, accountId: string): Promise<number> {
  const row = await db.selectFrom('zapier_subscriptions').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listSubscriptions(db: Db, accountId: string) {
  return db.selectFrom('zapier_subscriptions').selectAll().where('account_id', '=', accountId).orderBy('created_at').execute();
}

export async function insertSubscription(db: Db, values: { account_id: string; event: string; target_url: string }) {
  return db.insertInto('zapier_subscriptions').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteSubscription(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('zapier_subscriptions').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findSubscription(db: Db, accountId: string, id: string) {
  return db.selectFrom('zapier_subscriptions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export async function subscriptionIdsFor(db: Db, accountId: string, event: string): Promise<string[]> {
  const rows = await db.selectFrom('zapier_subscriptions').select('id').where('account_id', '=', accountId).where('event', '=', event).execute();
  return rows.map((r) => r.id);
}

export async function recentReadySubmissionIds(db: Db, accountId: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('submissions').select('id').where('account_id', '=', accountId).where('status', '=', 'ready').orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.id);
}

/** Every account's subscriptions, newest first unless asked, one page of them, for system admins. */
export async function listAllSubscriptions(db: Db, filter: { q?: string; sort?: 'newest' | 'oldest'; page: number; perPage: number }) {
  let base = db.selectFrom('zapier_subscriptions as s').innerJoin('accounts as a', 'a.id', 's.account_id');
  const q = filter.q?.trim();
  if (q) base = base.where((eb) => eb.or([eb('a.name', 'ilike', likePattern(q)), eb('s.target_url', 'ilike', likePattern(q))]));
  const [rows, { n }] = await Promise.all([
    base
      .selectAll('s')
      .select('a.name as account_name')
      .orderBy('s.created_at', filter.sort === 'oldest' ? 'asc' : 'desc')
      .orderBy('s.id')
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(n) };
}

/** Deletes a subscription of any account; the deleted row, or undefined if there was none. */
export async function deleteAnySubscription(db: Db, id: string) {
  return db.deleteFrom('zapier_subscriptions').where('id', '=', id).returningAll().executeTakeFirst();
}
