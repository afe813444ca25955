import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { ZendeskConnectionsTable, ZendeskNotesTable, ZendeskTicketRequestsTable } from '../../db/schema.ts';

export type ZendeskConnectionRow = Selectable<ZendeskConnectionsTable>;
export type ZendeskTicketRequestRow = Selectable<ZendeskTicketRequestsTable>;
export type ZendeskNoteRow = Selectable<ZendeskNotesTable>;

export async function findZendeskConnection(db: Db, accountId: string): Promise<ZendeskConnectionRow | undefined> {
  return db.selectFrom('zendesk_connections').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Connecting again (the same or another Zendesk) replaces the tokens and clears an error. */
export async function saveZendeskConnection(db: Db, row: Insertable<ZendeskConnectionsTable>): Promise<void> {
  const { account_id: _account, ...rest } = row;
  await db
    .insertInto('zendesk_connections')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...rest, error: null, updated_at: new Date() }))
    .execute();
}

export async function updateZendeskConnection(db: Db, accountId: string, values: Updateable<ZendeskConnectionsTable>): Promise<void> {
  await db.updateTable('zendesk_connections').set({ ...values, updated_at: new Date() }).where('account_id', '=', accountId).execute();
}

/** Marks the connection broken, unless it was replaced (reconnected) since `accessEncrypted` was read. */
export async function setZendeskError(db: Db, accountId: string, accessEncrypted: string, error: string): Promise<void> {
  await db.updateTable('zendesk_connections').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('access_token_encrypted', '=', accessEncrypted).execute();
}

export async function deleteZendeskConnection(db: Db, accountId: string): Promise<ZendeskConnectionRow | undefined> {
  return db.deleteFrom('zendesk_connections').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

export async function insertTicketRequest(db: Db, row: Insertable<ZendeskTicketRequestsTable>): Promise<void> {
  await db.insertInto('zendesk_ticket_requests').values(row).execute();
}

/**
 * The customer opened the link of a request: when it was made from a ticket, the sidebar shows "opened" (the first
 * time only is written) and the recorder fills in the requester Zendesk knows.
 */
export async function openTicketRequest(db: Db, requestId: string): Promise<{ name: string | null; email: string | null } | undefined> {
  const row = await db.selectFrom('zendesk_ticket_requests').select(['requester_name', 'requester_email', 'opened_at']).where('request_id', '=', requestId).executeTakeFirst();
  if (!row) return undefined;
  if (row.opened_at === null) await db.updateTable('zendesk_ticket_requests').set({ opened_at: new Date() }).where('request_id', '=', requestId).where('opened_at', 'is', null).execute();
  return { name: row.requester_name, email: row.requester_email };
}

/** The requests made from one ticket, newest first. */
export async function listTicketRequests(db: Db, accountId: string, subdomain: string, ticketId: string): Promise<ZendeskTicketRequestRow[]> {
  return db
    .selectFrom('zendesk_ticket_requests')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('subdomain', '=', subdomain)
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The tickets of `subdomain` the submission's request was made from (one today; the table allows no more per request). */
export async function ticketsOfSubmission(db: Db, accountId: string, subdomain: string, submissionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('zendesk_ticket_requests as z')
    .innerJoin('submissions as s', 's.request_id', 'z.request_id')
    .select('z.ticket_id')
    .where('s.id', '=', submissionId)
    .where('z.account_id', '=', accountId)
    .where('z.subdomain', '=', subdomain)
    .execute();
  return rows.map((r) => r.ticket_id);
}

export async function findNoteOfDelivery(db: Db, deliveryId: string): Promise<ZendeskNoteRow | undefined> {
  return db.selectFrom('zendesk_notes').selectAll().where('delivery_id', '=', deliveryId).executeTakeFirst();
}

/** The notes attempted (posted or in flight) for one recording on one ticket, oldest first. */
export async function notesOf(db: Db, submissionId: string, ticketId: string): Promise<ZendeskNoteRow[]> {
  return db.selectFrom('zendesk_notes').selectAll().where('submission_id', '=', submissionId).where('ticket_id', '=', ticketId).orderBy('created_at').execute();
}

export async function beginNote(db: Db, row: Insertable<ZendeskNotesTable>): Promise<void> {
  await db.insertInto('zendesk_notes').values(row).onConflict((oc) => oc.column('delivery_id').doNothing()).execute();
}

/** The summary (its updated_at) the note is built with. */
export async function setNoteSummary(db: Db, deliveryId: string, summaryUpdatedAt: string | null): Promise<void> {
  await db.updateTable('zendesk_notes').set({ summary_updated_at: summaryUpdatedAt }).where('delivery_id', '=', deliveryId).execute();
}

export async function markNotePosted(db: Db, deliveryId: string): Promise<void> {
  await db.updateTable('zendesk_notes').set({ posted_at: new Date() }).where('delivery_id', '=', deliveryId).execute();
}

/** Zendesk answered that it did not take the note: the next attempt posts without looking for it first. */
export async function forgetNoteAttempt(db: Db, deliveryId: string): Promise<void> {
  await db.deleteFrom('zendesk_notes').where('delivery_id', '=', deliveryId).where('posted_at', 'is', null).execute();
}
