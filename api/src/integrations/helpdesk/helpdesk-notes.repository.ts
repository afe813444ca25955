import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { HelpdeskNotesTable } from '../../db/schema.ts';

export type HelpdeskNoteRow = Selectable<HelpdeskNotesTable>;

export async function findNoteOfDelivery(db: Db, deliveryId: string): Promise<HelpdeskNoteRow | undefined> {
  return db.selectFrom('helpdesk_notes').selectAll().where('delivery_id', '=', deliveryId).executeTakeFirst();
}

/** The notes attempted (posted or in flight) for one recording on one ticket, oldest first. */
export async function notesOf(db: Db, submissionId: string, ticketId: string): Promise<HelpdeskNoteRow[]> {
  return db.selectFrom('helpdesk_notes').selectAll().where('submission_id', '=', submissionId).where('ticket_id', '=', ticketId).orderBy('created_at').execute();
}

export async function beginNote(db: Db, row: Insertable<HelpdeskNotesTable>): Promise<void> {
  await db.insertInto('helpdesk_notes').values(row).onConflict((oc) => oc.column('delivery_id').doNothing()).execute();
}

/** The summary (its updated_at) the note is built with. */
export async function setNoteSummary(db: Db, deliveryId: string, summaryUpdatedAt: string | null): Promise<void> {
  await db.updateTable('helpdesk_notes').set({ summary_updated_at: summaryUpdatedAt }).where('delivery_id', '=', deliveryId).execute();
}

/** The helpdesk took the note; `noteId` is its id there when the helpdesk can edit notes. */
export async function markNotePosted(db: Db, deliveryId: string, noteId: string | null): Promise<void> {
  await db.updateTable('helpdesk_notes').set({ posted_at: new Date(), note_id: noteId }).where('delivery_id', '=', deliveryId).execute();
}

/** The helpdesk answered that it did not take the note: the next attempt posts without looking for it first. */
export async function forgetNoteAttempt(db: Db, deliveryId: string): Promise<void> {
  await db.deleteFrom('helpdesk_notes').where('delivery_id', '=', deliveryId).where('posted_at', 'is', null).execute();
}
