import type { CreateTicketRequest, FreshdeskConnect, FreshdeskStatus, TicketRequest } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { assertHelpdeskAllowed, helpdeskAllowed } from '../helpdesk/helpdesk-plan.ts';
import { createTicketRequest, listTicketRequests } from '../helpdesk/ticket-requests.ts';
import { openSecret, sealSecret } from '../kit/secret-box.ts';
import { callFreshdesk, type FreshdeskAgent, type FreshdeskTicket } from './freshdesk-client.ts';
import * as repo from './freshdesk.repository.ts';
import { iso } from '../../db/iso.ts';

const notConnected = (): AppError => new AppError('NOT_FOUND', 'Freshdesk is not connected.');

export async function freshdeskStatus(ctx: AppContext, accountId: string): Promise<FreshdeskStatus> {
  const row = await repo.findFreshdeskConnection(ctx.db, accountId);
  return {
    connected: row !== undefined,
    domain: row?.domain ?? null,
    agent: row ? { name: row.agent_name, email: row.agent_email } : null,
    error: row?.error ?? null,
    connected_at: iso(row?.created_at),
    app_token_issued_at: iso(row?.app_token_issued_at),
    plan_allows: await helpdeskAllowed(ctx.db, accountId, 'freshdesk'),
  };
}

/**
 * Connects the helpdesk with an admin's API key, after Freshdesk itself accepted it (GET /api/v2/agents/me): a key
 * that does not work is refused here with Freshdesk's reason, never saved to fail later. The key is kept sealed.
 */
export async function connectFreshdesk(ctx: AppContext, owner: { userId: string; accountId: string }, input: FreshdeskConnect): Promise<FreshdeskStatus> {
  await assertHelpdeskAllowed(ctx.db, owner.accountId, 'freshdesk');
  const me = await callFreshdesk<FreshdeskAgent>(ctx, input.domain, input.api_key, { method: 'GET', path: '/agents/me' });
  if (!me.ok) {
    if (me.status === 401 || me.status === 403) {
      const reason = `Freshdesk refused this API key for ${input.domain}: copy it again from your profile settings in Freshdesk (an admin's key).`;
      throw new AppError('VALIDATION_FAILED', reason, { fieldErrors: { api_key: [reason] } });
    }
    if (me.status === 404) {
      const reason = `${input.domain} answered that there is no such Freshdesk helpdesk. Check the domain.`;
      throw new AppError('VALIDATION_FAILED', reason, { fieldErrors: { domain: [reason] } });
    }
    throw new AppError('UPSTREAM_FAILED', `Freshdesk could not check the key: ${me.message}`);
  }
  await repo.saveFreshdeskConnection(ctx.db, {
    account_id: owner.accountId,
    domain: input.domain,
    api_key_encrypted: sealSecret(ctx, input.api_key),
    agent_name: me.value.contact.name,
    agent_email: me.value.contact.email,
    connected_by: owner.userId,
  });
  return freshdeskStatus(ctx, owner.accountId);
}

/**
 * Forgets the key. Freshdesk has no API to revoke a key (its owner resets it in their profile), so the card says
 * so; the agents' app sessions end with the connection.
 */
export async function disconnectFreshdesk(ctx: AppContext, accountId: string): Promise<void> {
  if (!(await repo.deleteFreshdeskConnection(ctx.db, accountId))) throw notConnected();
}

export async function freshdeskConnection(ctx: AppContext, accountId: string): Promise<repo.FreshdeskConnectionRow> {
  const row = await repo.findFreshdeskConnection(ctx.db, accountId);
  if (!row) throw notConnected();
  return row;
}

const unreadableKey = 'The saved Freshdesk API key can no longer be read (the encryption key changed). Connect Freshdesk again.';

/** The connection's key, or the connection put in its error state when the key can no longer be read. */
export async function freshdeskKey(ctx: AppContext, row: repo.FreshdeskConnectionRow): Promise<string | undefined> {
  const key = openSecret(ctx, row.api_key_encrypted);
  if (!key) await repo.setFreshdeskError(ctx.db, row.account_id, row.api_key_encrypted, unreadableKey);
  return key;
}

/**
 * A recording request made from a Freshdesk ticket. The ticket is read from Freshdesk first: it must exist there,
 * and its requester is the one Freshdesk knows when the app sent none.
 */
export async function createFreshdeskTicketRequest(ctx: AppContext, user: { id: string; accountId: string }, ticketId: string, input: CreateTicketRequest): Promise<TicketRequest> {
  const row = await freshdeskConnection(ctx, user.accountId);
  await assertHelpdeskAllowed(ctx.db, user.accountId, 'freshdesk');
  const key = await freshdeskKey(ctx, row);
  if (!key) throw new AppError('CONFLICT', unreadableKey);
  const ticket = await callFreshdesk<FreshdeskTicket>(ctx, row.domain, key, { method: 'GET', path: `/tickets/${ticketId}?include=requester` });
  if (!ticket.ok) {
    if (ticket.status === 404) throw new AppError('NOT_FOUND', `Ticket #${ticketId} is not in ${row.domain}.`);
    if (ticket.kind === 'broken') await repo.setFreshdeskError(ctx.db, row.account_id, row.api_key_encrypted, ticket.message);
    throw new AppError('UPSTREAM_FAILED', ticket.message);
  }
  const requester = ticket.value.requester;
  return createTicketRequest(ctx, user, { helpdesk: 'freshdesk', site: row.domain }, ticketId, {
    subject: input.subject,
    requester_email: input.requester_email ?? requester?.email ?? null,
    requester_name: input.requester_name ?? requester?.name ?? null,
  });
}

/** The ticket's requests and their recordings, newest first: what the app's sidebar shows. */
export async function listFreshdeskTicketRequests(ctx: AppContext, accountId: string, ticketId: string): Promise<TicketRequest[]> {
  const row = await freshdeskConnection(ctx, accountId);
  return listTicketRequests(ctx, accountId, { helpdesk: 'freshdesk', site: row.domain }, ticketId);
}
