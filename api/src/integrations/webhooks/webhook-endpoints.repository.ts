import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { WebhookEndpointsTable } from '../../db/schema.ts';

export type WebhookEndpointRow = Selectable<WebhookEndpointsTable>;

export async function listEndpoints(db: Db, accountId: string): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
}

export async function countEndpoints(db: Db, accountId: string): Promise<number> {
  const row = await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.countAll<number>().as('n')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findEndpoint(db: Db, accountId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(db: Db, values: { account_id: string; url: string; description: string; events: string[]; secret: string }): Promise<WebhookEndpointRow> {
  return db.insertInto('webhook_endpoints').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateEndpoint(db: Db, accountId: string, id: string, values: Updateable<WebhookEndpointsTable>): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({ ...values, updated_at: sql<Date>`now()` })
    .where('account_id', '=', accountId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteEndpoint(db: Db, accountId: string, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Enabled endpoints of the account subscribed to `type`. */
export async function endpointIdsFor(db: Db, accountId: string, type: string): Promise<string[]> {
  const rows = await db
    .selectFrom('webhook_endpoints')
    .select('id')
    .where('account_id', '=', accountId)
    .where('status', '=', 'enabled')
    .where(sql<boolean>`${type} = any(events)`)
    .execute();
  return rows.map((r) => r.id);
}

/** The product turns an endpoint off (410, or failing for days); only a person turns it back on. */
export async function disableEndpoint(db: Db, id: string, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ status: 'disabled', disabled_reason: reason, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('status', '=', 'enabled')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * True when every delivery to the endpoint for `days` has failed: it has a delivery at least that old and no
 * successful attempt since.
 */
export async function failingForDays(db: Db, endpointId: string, days: number): Promise<boolean> {
  const row = await db
    .selectFrom('alert_deliveries')
    .select([
      sql<boolean>`bool_or(created_at <= now() - make_interval(days => ${days}))`.as('old_enough'),
      sql<boolean>`bool_or(status = 'succeeded' and last_attempt_at > now() - make_interval(days => ${days}))`.as('succeeded_since'),
    ])
    .where('channel', '=', 'webhook')
    .where('target', '=', endpointId)
    .executeTakeFirst();
  return !!row?.old_enough && !row.succeeded_since;
}
