import crypto from 'node:crypto';
import { firstLocale, type TicketRequest } from '@showback/contract';
import { customerTexts, knownCustomerLocale, localizedLink } from '../../customer-language/customer-language.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { helpdeskAllowed } from '../helpdesk/helpdesk-plan.ts';
import { createTicketRequest, listTicketRequests, type TicketSite } from '../helpdesk/ticket-requests.ts';
import { ticketReply } from '../helpdesk/ticket-reply.ts';
import { getRequest } from '../../modules/requests/requests.service.ts';
import { openSecret } from '../kit/secret-box.ts';
import { trackerIssuesOf } from '../escalation/tracker-issues.ts';
import { readyTrackers, trackerOf, type Tracker } from '../escalation/trackers.ts';
import { CREATE_BUTTON, createdCanvas, messengerCardCanvas, noticeCanvas, panelCanvas, parseCreateIssue, type Canvas, type Outcome, type Trackers } from './intercom-canvas.ts';
import { callIntercom, intercomApi, intercomApp } from './intercom-client.ts';
import type { IntercomConnectionRow } from './intercom.repository.ts';

/** What Intercom sends to an inbox app's initialize and submit URLs (the parts used here). */
interface CanvasRequest {
  workspace_id?: string;
  admin?: { id?: string; name?: string; email?: string };
  component_id?: string;
  conversation?: { id?: string | number; title?: string | null; source?: { subject?: string | null; body?: string | null } };
  contact?: IntercomContact;
}

/**
 * The contact as Canvas Kit requests carry it (Intercom's contact object): `language_override` is the language a
 * teammate or workflow set for them, `browser_language` their browser's.
 */
interface IntercomContact {
  name?: string | null;
  email?: string | null;
  language_override?: string | null;
  browser_language?: string | null;
}

/**
 * What is known of the customer's language in Intercom, most telling first: the language set for the contact, then
 * the Messenger's (`context.locale`, the language Intercom speaks to them in), then their browser's.
 */
const intercomLanguages = (contact: IntercomContact | undefined, messengerLocale?: string | null): (string | null | undefined)[] => [contact?.language_override, messengerLocale, contact?.browser_language];

/**
 * Intercom signs every Canvas Kit request: X-Body-Signature is the hex HMAC-SHA256 of the exact body with the app's
 * client secret. Anything else is refused before the body is read.
 */
export function verifyCanvasSignature(ctx: Pick<AppContext, 'config'>, rawBody: Buffer, signature: string | undefined): void {
  const expected = crypto.createHmac('sha256', intercomApp(ctx).clientSecret).update(rawBody).digest();
  const given = Buffer.from(signature ?? '', 'hex');
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw new AppError('UNAUTHENTICATED', 'The Canvas Kit request is not signed by Intercom (X-Body-Signature).');
}

const CONVERSATION_ID = /^[1-9][0-9]{0,18}$/;

/** The conversation's title, else its first message's subject or text (HTML), else its number: the request's title. */
function titleOf(conversation: NonNullable<CanvasRequest['conversation']>, id: string): string {
  const text = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();
  const found = text(conversation.title) || text(conversation.source?.subject) || text((conversation.source?.body ?? '').replace(/<[^>]+>/g, ' '));
  return (found || `Intercom conversation #${id}`).slice(0, 200);
}

/**
 * Who makes the request: the member of the account with the Intercom admin's email, else the member who connected
 * Intercom (an admin of the workspace may have no Showback seat), else an owner.
 */
async function requester(ctx: AppContext, row: IntercomConnectionRow, adminEmail: string | undefined): Promise<{ id: string; accountId: string } | undefined> {
  const members = ctx.db.selectFrom('users').select(['id', 'account_id', 'email', 'role']).where('account_id', '=', row.account_id).where('disabled_at', 'is', null);
  const byEmail = adminEmail ? await members.where(({ fn }) => fn('lower', ['email']), '=', adminEmail.toLowerCase()).executeTakeFirst() : undefined;
  const connector = row.connected_by ? await members.where('id', '=', row.connected_by).executeTakeFirst() : undefined;
  const owner = await members.where('role', '=', 'owner').executeTakeFirst();
  const user = byEmail ?? connector ?? owner;
  return user && { id: user.id, accountId: user.account_id };
}

/**
 * "Create issue in …" on one of the conversation's recordings, as the member the request would be made by: what it did,
 * or why not (the tracker's message), for the top of the panel. A recording of another conversation is refused.
 */
async function escalate(ctx: AppContext, user: { id: string; accountId: string }, requests: TicketRequest[], all: readonly Tracker[], trackers: Trackers, wanted: { tracker: string; submissionId: string }): Promise<Outcome> {
  const tracker = trackers.find((t) => t.id === wanted.tracker);
  if (!tracker) return { text: 'That tracker is not connected to Showback any more. An owner or admin connects it on Integrations.', style: 'error' };
  if (!requests.some((r) => r.recordings.some((rec) => rec.id === wanted.submissionId))) return { text: 'This recording was not asked for in this conversation.', style: 'error' };
  try {
    await trackerOf(all, tracker.id).escalate(ctx, user, wanted.submissionId, {});
  } catch (error) {
    if (error instanceof AppError) return { text: error.message, style: 'error' };
    throw error;
  }
  const issue = (await trackerIssuesOf(ctx.db, wanted.submissionId)).find((i) => i.tracker === tracker.id);
  return { text: `Created ${issue?.key ?? 'the issue'} in ${tracker.label}.`, style: 'paragraph' };
}

/** The Showback account connected to the Intercom workspace, or the panel that says why the app cannot work. */
async function workspaceConnection(ctx: AppContext, workspaceId: string | undefined): Promise<{ row: IntercomConnectionRow } | { notice: Canvas }> {
  const rows = workspaceId ? await ctx.db.selectFrom('intercom_connections').selectAll().where('workspace_id', '=', workspaceId).orderBy('updated_at', 'desc').execute() : [];
  const row = rows[0];
  if (!row) return { notice: noticeCanvas('This Intercom workspace is not connected to Showback. An owner or admin connects it on Integrations in Showback.') };
  if (!(await helpdeskAllowed(ctx.db, row.account_id, 'intercom'))) return { notice: noticeCanvas('The Intercom integration is part of every paid plan of Showback. Upgrade to use it.') };
  return { row };
}

/**
 * The inbox app in a conversation's details panel (initialize and submit): the conversation's requests with their
 * state, and "Create recording link", which makes a request bound to the conversation with the contact's name and
 * email filled in and the conversation's title, and shows the link to copy into the reply; "Create issue in …" on a
 * settled recording escalates it to that tracker.
 */
export async function answerCanvas(ctx: AppContext, all: readonly Tracker[], input: CanvasRequest): Promise<Canvas> {
  const found = await workspaceConnection(ctx, input.workspace_id);
  if ('notice' in found) return found.notice;
  const { row } = found;
  const id = String(input.conversation?.id ?? '');
  if (!CONVERSATION_ID.test(id)) return noticeCanvas('Open the app from a conversation.');
  const site: TicketSite = { helpdesk: 'intercom', site: row.workspace_id };
  const list = () => listTicketRequests(ctx, row.account_id, site, id);
  const trackers = await readyTrackers(ctx, all, row.account_id);
  const escalation = parseCreateIssue(input.component_id);
  if (input.component_id !== CREATE_BUTTON && !escalation) return panelCanvas(await list(), trackers);

  const user = await requester(ctx, row, input.admin?.email);
  if (!user) return noticeCanvas('Nobody in the Showback account can make the request. Reconnect Intercom in Showback.');
  if (escalation) {
    const outcome = await escalate(ctx, user, await list(), all, trackers, escalation);
    return panelCanvas(await list(), await readyTrackers(ctx, all, row.account_id), outcome);
  }
  const made = await createTicketRequest(ctx, user, site, id, {
    subject: titleOf(input.conversation ?? {}, id),
    requester_email: input.contact?.email || null,
    requester_name: input.contact?.name || null,
  });
  // The teammate's panel is no Messenger: its context's locale says nothing of the customer.
  const reply = ticketReply(made.request, firstLocale(intercomLanguages(input.contact)));
  return createdCanvas(made, reply, await list(), trackers);
}

/** What Intercom sends to the configure URL when a teammate picks the app in the reply composer's app inserter. */
interface ConfigureRequest {
  workspace_id?: string;
  admin?: { email?: string };
  context?: { conversation_id?: string | number };
}

/**
 * The app inserted into the reply (Canvas Kit's configure flow): a request bound to the conversation, titled and
 * filled in from the conversation as Intercom has it (its title or first message, its author), answered as the
 * card's creation options. Intercom then asks the Messenger initialize URL for the card the customer sees. Anything
 * that stops it is a panel for the teammate.
 */
export async function answerConfigure(ctx: AppContext, input: ConfigureRequest): Promise<Canvas | { results: { request_id: string } }> {
  const found = await workspaceConnection(ctx, input.workspace_id);
  if ('notice' in found) return found.notice;
  const { row } = found;
  const id = String(input.context?.conversation_id ?? '');
  if (!CONVERSATION_ID.test(id)) return noticeCanvas('Insert the app into a reply of a conversation.');
  const token = openSecret(ctx, row.access_token_encrypted);
  if (!token || row.error) return noticeCanvas(`Showback cannot read this conversation from Intercom: ${row.error ?? 'reconnect Intercom in Showback.'}`);
  const read = await callIntercom(() => intercomApi(ctx, row.region, token).conversations.find({ conversation_id: id }));
  if (!read.ok) return noticeCanvas(`Intercom did not give Showback this conversation: ${read.message}`);
  const user = await requester(ctx, row, input.admin?.email);
  if (!user) return noticeCanvas('Nobody in the Showback account can make the request. Reconnect Intercom in Showback.');
  const conversation = read.value;
  const author = conversation.source?.author;
  const customer = author && (author.type === 'user' || author.type === 'lead') ? author : undefined;
  const made = await createTicketRequest(ctx, user, { helpdesk: 'intercom', site: row.workspace_id }, id, {
    subject: titleOf({ title: conversation.title, source: { subject: conversation.source?.subject, body: conversation.source?.body } }, id),
    requester_email: customer?.email || null,
    requester_name: customer?.name || null,
  });
  return { results: { request_id: made.request.id } };
}

/**
 * The card in the customer's Messenger (the Messenger initialize URL, with the creation options the configure flow
 * answered), in the customer's language: a button to the request's link, while the request exists and belongs to
 * this workspace's account.
 */
export async function answerMessengerCard(ctx: AppContext, input: { workspace_id?: string; card_creation_options?: { request_id?: unknown }; context?: { locale?: string | null }; contact?: IntercomContact }): Promise<Canvas> {
  const requestId = input.card_creation_options?.request_id;
  const binding =
    typeof requestId === 'string' && input.workspace_id && /^[0-9a-f-]{36}$/.test(requestId)
      ? await ctx.db.selectFrom('helpdesk_ticket_requests').select(['request_id', 'account_id']).where('request_id', '=', requestId).where('helpdesk', '=', 'intercom').where('site', '=', input.workspace_id).executeTakeFirst()
      : undefined;
  const request = binding && (await getRequest(ctx, binding.account_id, binding.request_id).catch(() => undefined));
  // The request's current link: one revoked since the card was inserted is replaced, an archived or expired one is gone.
  const usable = request && request.status === 'active' && (request.expires_at === null || Date.parse(request.expires_at) > Date.now());
  // The request's own language first, then what Intercom knows of the customer; the link opens the recorder in it.
  const known = knownCustomerLocale(request ? request.language : null, intercomLanguages(input.contact, input.context?.locale));
  const texts = customerTexts(known ?? 'en').messengerCard;
  return messengerCardCanvas(texts, usable ? (known ? localizedLink(request.link_url, known) : request.link_url) : undefined);
}
