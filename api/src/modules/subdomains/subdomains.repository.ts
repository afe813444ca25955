import type { Db } from '../../db/database.ts';

/** An account's subdomain row with the account columns its status is computed from. */
export interface SubdomainHolder {
  account_id: string;
  name: string;
  activated_at: Date | null;
  created_at: Date;
  plan: string;
  trial_ends_at: Date | null;
}

function holders(db: Db) {
  return db
    .selectFrom('account_subdomains as s')
    .innerJoin('accounts as a', 'a.id', 's.account_id')
    .select(['s.account_id', 's.name', 's.activated_at', 's.created_at', 'a.plan', 'a.trial_ends_at']);
}

export async function findByName(db: Db, name: string): Promise<SubdomainHolder | undefined> {
  // lower(name) is what the unique index covers, so this lookup uses it.
  return holders(db).where((eb) => eb(eb.fn('lower', ['s.name']), '=', name.toLowerCase())).executeTakeFirst();
}

/** The account's plan columns and its subdomain row, if any. */
export async function findForAccount(db: Db, accountId: string) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('account_subdomains as s', 's.account_id', 'a.id')
    .select(['a.plan', 'a.trial_ends_at', 's.name', 's.activated_at', 's.created_at'])
    .where('a.id', '=', accountId)
    .executeTakeFirstOrThrow();
}

/** Sets (or renames) the account's subdomain; a name held by another account fails on the unique index (23505). */
export async function upsert(db: Db, accountId: string, name: string, activatedAt: Date | null): Promise<void> {
  await db
    .insertInto('account_subdomains')
    .values({ account_id: accountId, name, activated_at: activatedAt, created_at: new Date() })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ name, activated_at: activatedAt, created_at: new Date() }))
    .execute();
}

export async function markActivated(db: Db, accountId: string): Promise<void> {
  await db.updateTable('account_subdomains').set({ activated_at: new Date() }).where('account_id', '=', accountId).where('activated_at', 'is', null).execute();
}

/** Frees a trial's lapsed preview claim; the activated_at guard keeps a concurrent upgrade's claim. */
export async function deleteLapsed(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('account_subdomains').where('account_id', '=', accountId).where('activated_at', 'is', null).execute();
}

export async function deleteForAccount(db: Db, accountId: string): Promise<boolean> {
  const result = await db.deleteFrom('account_subdomains').where('account_id', '=', accountId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The account behind a live or revoked link token, or undefined for a token no account issued. */
export async function findTokenAccount(db: Db, token: string): Promise<string | undefined> {
  const live = await db.selectFrom('recording_requests').select('account_id').where('token', '=', token).executeTakeFirst();
  if (live) return live.account_id;
  const revoked = await db
    .selectFrom('revoked_request_tokens as t')
    .innerJoin('recording_requests as r', 'r.id', 't.request_id')
    .select('r.account_id')
    .where('t.token', '=', token)
    .executeTakeFirst();
  return revoked?.account_id;
}
