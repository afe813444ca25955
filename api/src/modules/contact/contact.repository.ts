import type { Db } from '../../db/database.ts';
import type { NewSupportRequest, SupportRequestRow } from '../../db/schema.ts';

export async function insertSupportRequest(db: Db, row: NewSupportRequest): Promise<SupportRequestRow> {
  return db.insertInto('support_requests').values(row).returningAll().executeTakeFirstOrThrow();
}

export async function countRecentFromIp(db: Db, ipHash: string, since: Date): Promise<number> {
  const { n } = await db
    .selectFrom('support_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('ip_hash', '=', ipHash)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function markNotified(db: Db, id: string, error: string | null): Promise<void> {
  await db
    .updateTable('support_requests')
    .set(error ? { notify_error: error } : { notified_at: new Date(), notify_error: null })
    .where('id', '=', id)
    .execute();
}
