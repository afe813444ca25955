import type { CreateTicketRequest, TicketRequest, TicketRequestState } from '@showback/contract';
import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { Helpdesk, HelpdeskTicketRequestsTable } from '../../db/schema.ts';
import type { RequestRecipient } from '../../modules/requests/request-recipient.ts';
import { createRequest, deleteRequest, getRequest } from '../../modules/requests/requests.service.ts';
import { trackerIssuesOf } from '../escalation/tracker-issues.ts';
import { assertHelpdeskAllowed } from './helpdesk-plan.ts';
import { iso } from '../../db/iso.ts';

export type TicketRequestRow = Selectable<HelpdeskTicketRequestsTable>;

/** Where a ticket lives: the helpdesk and its site (the Zendesk subdomain, the Freshdesk domain). */
export interface TicketSite {
  helpdesk: Helpdesk;
  site: string;
}

/**
 * The customer opened the link of a request: when it was made from a ticket, the app shows "opened" (the first
 * time only is written) and the recorder fills in the requester the helpdesk knows.
 */
export async function openTicketRequest(db: Db, requestId: string): Promise<RequestRecipient | undefined> {
  const row = await db.selectFrom('helpdesk_ticket_requests').select(['requester_name', 'requester_email', 'opened_at']).where('request_id', '=', requestId).executeTakeFirst();
  if (!row) return undefined;
  if (row.opened_at === null) await db.updateTable('helpdesk_ticket_requests').set({ opened_at: new Date() }).where('request_id', '=', requestId).where('opened_at', 'is', null).execute();
  return { name: row.requester_name, email: row.requester_email };
}

async function insertTicketRequest(db: Db, row: Insertable<HelpdeskTicketRequestsTable>): Promise<void> {
  await db.insertInto('helpdesk_ticket_requests').values(row).execute();
}

/** The requests made from one ticket, newest first. */
async function ticketRequestRows(db: Db, accountId: string, where: TicketSite, ticketId: string): Promise<TicketRequestRow[]> {
  return db
    .selectFrom('helpdesk_ticket_requests')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('helpdesk', '=', where.helpdesk)
    .where('site', '=', where.site)
    .where('ticket_id', '=', ticketId)
    .orderBy('created_at', 'desc')
    .execute();
}

/** The tickets of the site the submission's request was made from (one today; the table allows no more per request). */
export async function ticketsOfSubmission(db: Db, accountId: string, where: TicketSite, submissionId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('helpdesk_ticket_requests as h')
    .innerJoin('submissions as s', 's.request_id', 'h.request_id')
    .select('h.ticket_id')
    .where('s.id', '=', submissionId)
    .where('h.account_id', '=', accountId)
    .where('h.helpdesk', '=', where.helpdesk)
    .where('h.site', '=', where.site)
    .execute();
  return rows.map((r) => r.ticket_id);
}

function stateOf(opened: boolean, uploading: boolean, recordings: TicketRequest['recordings']): TicketRequestState {
  const newest = recordings[0];
  if (!newest) return uploading ? 'recording' : opened ? 'opened' : 'sent';
  return newest.status === 'ready' || newest.status === 'failed' ? newest.status : 'uploaded';
}

async function ticketRequest(ctx: AppContext, accountId: string, binding: TicketRequestRow): Promise<TicketRequest> {
  const request = await getRequest(ctx, accountId, binding.request_id);
  const submissions = await ctx.db
    .selectFrom('submissions')
    .select(['id', 'status', 'duration_ms', 'created_at'])
    .where('account_id', '=', accountId)
    .where('request_id', '=', binding.request_id)
    .orderBy('created_at', 'desc')
    .execute();
  const uploads = await ctx.db.selectFrom('uploads').select('id').where('request_id', '=', binding.request_id).limit(1).execute();
  const recordings = await Promise.all(
    submissions.map(async (s) => ({
      id: s.id,
      status: s.status,
      duration_ms: s.duration_ms,
      created_at: iso(s.created_at),
      recording_url: `${ctx.config.publicUrl}/my/recordings/${s.id}`,
      issues: (await trackerIssuesOf(ctx.db, s.id)).map(({ label: _label, ...issue }) => issue),
    })),
  );
  return {
    request,
    ticket_id: binding.ticket_id,
    requester_email: binding.requester_email,
    requester_name: binding.requester_name,
    state: stateOf(binding.opened_at !== null, uploads.length > 0, recordings),
    recordings,
  };
}

/**
 * A recording request made from a ticket of the connected helpdesk: the title is the ticket's subject, the requester
 * is kept with it, and each recording of it is written back to the ticket as a note.
 */
export async function createTicketRequest(ctx: AppContext, user: { id: string; accountId: string }, where: TicketSite, ticketId: string, input: CreateTicketRequest): Promise<TicketRequest> {
  await assertHelpdeskAllowed(ctx.db, user.accountId, where.helpdesk);
  const request = await createRequest(ctx, user, { title: input.subject });
  try {
    await insertTicketRequest(ctx.db, {
      request_id: request.id,
      account_id: user.accountId,
      helpdesk: where.helpdesk,
      site: where.site,
      ticket_id: ticketId,
      requester_email: input.requester_email ?? null,
      requester_name: input.requester_name ?? null,
      created_by: user.id,
    });
  } catch (error) {
    await deleteRequest(ctx, user.accountId, request.id);
    throw error;
  }
  const [binding] = (await ticketRequestRows(ctx.db, user.accountId, where, ticketId)).filter((b) => b.request_id === request.id);
  return ticketRequest(ctx, user.accountId, binding!);
}

/** The ticket's requests and their recordings, newest first: what the helpdesk's app shows. */
export async function listTicketRequests(ctx: AppContext, accountId: string, where: TicketSite, ticketId: string): Promise<TicketRequest[]> {
  const bindings = await ticketRequestRows(ctx.db, accountId, where, ticketId);
  return Promise.all(bindings.map((b) => ticketRequest(ctx, accountId, b)));
}
