import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ShareLinksTable } from '../../db/schema.ts';

export async function insertShareLink(db: Db, row: Insertable<ShareLinksTable>): Promise<string> {
  const { id } = await db.insertInto('share_links').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** The links of one recording of the account with their makers, newest first. */
export function listShareLinks(db: Db, accountId: string, submissionId: string) {
  return db
    .selectFrom('share_links')
    .leftJoin('users', 'users.id', 'share_links.created_by')
    .selectAll('share_links')
    .select(['users.name as creator_name'])
    .where('share_links.account_id', '=', accountId)
    .where('share_links.submission_id', '=', submissionId)
    .orderBy('share_links.created_at', 'desc')
    .orderBy('share_links.id')
    .execute();
}
export type ShareLinkRow = Awaited<ReturnType<typeof listShareLinks>>[number];

/** The last 50 views of each link, newest first. */
export async function viewsOf(db: Db, linkIds: string[]): Promise<Map<string, { email: string | null; viewed_at: Date }[]>> {
  const views = new Map<string, { email: string | null; viewed_at: Date }[]>();
  if (linkIds.length === 0) return views;
  const rows = await db.selectFrom('share_link_views').select(['share_link_id', 'email', 'viewed_at']).where('share_link_id', 'in', linkIds).orderBy('viewed_at', 'desc').execute();
  for (const row of rows) {
    const list = views.get(row.share_link_id) ?? [];
    if (list.length < 50) list.push({ email: row.email, viewed_at: row.viewed_at });
    views.set(row.share_link_id, list);
  }
  return views;
}

/** Revokes an unrevoked link of the account; what it was, or undefined when there is no such link. */
export async function revokeShareLink(db: Db, accountId: string, id: string) {
  return db
    .updateTable('share_links')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('revoked_at', 'is', null)
    .returning(['id', 'submission_id', 'audience'])
    .executeTakeFirst();
}

/** A link by its token's hash, whatever its state: read on every shared request, so a revoke is seen at once. */
export function findByTokenHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('share_links')
    .select(['id', 'account_id', 'submission_id', 'audience', 'emails', 'allow_comments', 'expires_at', 'revoked_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
}
export type ShareLinkGrant = NonNullable<Awaited<ReturnType<typeof findByTokenHash>>>;

/** The account's active outside link of a recording for `key`, to write into one more message. */
export function findOutsideLink(db: Db, submissionId: string, key: string, now: Date) {
  return db
    .selectFrom('share_links')
    .select(['id'])
    .where('submission_id', '=', submissionId)
    .where('purpose', '=', 'outside')
    .where('outside_key', '=', key)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

export async function recordView(db: Db, linkId: string, email: string | null): Promise<void> {
  await db.insertInto('share_link_views').values({ share_link_id: linkId, email }).execute();
}
