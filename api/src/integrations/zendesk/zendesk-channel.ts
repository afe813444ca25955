import type { AlertChannel, DeliveryOutcome } from '../../alerts/alert-channel.ts';
import { buildSubmissionAlert } from '../../alerts/submission-alert.ts';
import type { AppContext } from '../../context.ts';
import { listEvents } from '../../modules/widget/widget.repository.ts';
import { helpdeskAllowed } from './helpdesk-plan.ts';
import { callZendesk, zendeskApi, type ZendeskFailure } from './zendesk-client.ts';
import { zendeskAccess } from './zendesk-connection.ts';
import { problemsOf, recordingNoteHtml, summaryUpdateHtml } from './zendesk-note.ts';
import * as repo from './zendesk.repository.ts';

/** The first note when a recording settled; a follow-up when its summary is written afterwards. */
const NOTE_EVENTS = new Set(['submission.ready', 'submission.failed', 'submission.summarized']);

/** An update whose first note is being posted right now asks again this much later. */
const FIRST_NOTE_IN_FLIGHT_SECONDS = 30;

interface NotePayload {
  kind: 'recording' | 'update';
  submission_id: string;
  ref: string;
}

async function postableConnection(ctx: Pick<AppContext, 'db'>, accountId: string) {
  const row = await repo.findZendeskConnection(ctx.db, accountId);
  return row && !row.error ? row : undefined;
}

function failed(failure: ZendeskFailure): DeliveryOutcome {
  if (failure.kind === 'rate_limited') return { result: 'retry', status: 429, excerpt: failure.message, retryAfterSeconds: failure.retryAfterSeconds };
  if (failure.kind === 'unreachable') return { result: 'retry', status: failure.status, excerpt: failure.message };
  return { result: 'failed', status: failure.status || undefined, excerpt: failure.message };
}

const time = (value: Date | string | null): number => (value === null ? -1 : new Date(value).getTime());

/**
 * What an update does, from the recording's notes on the ticket: nothing when one already carries this summary or
 * when the first note has not been attempted yet (it is built at its attempt, so it will carry it); wait while the
 * first note is in flight; else post.
 */
function updateVerdict(notes: repo.ZendeskNoteRow[], summaryAt: string | null): 'post' | 'carried' | 'will-carry' | 'wait' {
  if (summaryAt === null || notes.some((n) => time(n.summary_updated_at) >= time(summaryAt))) return 'carried';
  if (notes.length === 0) return 'will-carry';
  return notes.some((n) => n.posted_at !== null) ? 'post' : 'wait';
}

/**
 * Internal notes on the Zendesk tickets recordings were requested from (the target is the ticket id). Zendesk cannot
 * edit a comment, so a recording gets at most one note when it settles and one update when its summary comes later,
 * never a repeat: a delivery is sent once (a lost answer is looked for in the ticket before posting again), and an
 * update whose summary a note carries is not posted. Each note is built at its attempt (not at the first render, as
 * other channels do) so that it carries the summary when it was written meanwhile. 429s wait out Retry-After; a revoked
 * access puts the connection in its error state (the card shows it) and nothing more is posted until reconnected.
 */
export const zendeskChannel: AlertChannel = {
  name: 'zendesk',
  retryDelaysSeconds: [60, 5 * 60, 30 * 60, 2 * 3600],

  async targets(db, event) {
    if (!NOTE_EVENTS.has(event.type) || !event.submission_id) return [];
    const row = await postableConnection({ db }, event.account_id);
    if (!row || !(await helpdeskAllowed(db, event.account_id))) return [];
    return repo.ticketsOfSubmission(db, event.account_id, row.subdomain, event.submission_id);
  },

  async render(_ctx, event, target) {
    if (!event.submission_id) return { result: 'failed', excerpt: 'No recording to write about.' };
    const payload: NotePayload = { kind: event.type === 'submission.summarized' ? 'update' : 'recording', submission_id: event.submission_id, ref: `${event.id.slice(0, 8)}-${target}` };
    return JSON.stringify(payload);
  },

  async deliver(ctx, delivery) {
    const row = await postableConnection(ctx, delivery.account_id);
    if (!row) return { result: 'failed', excerpt: 'Not posted: Zendesk was disconnected or is in an error state.' };
    const note = JSON.parse(delivery.payload) as NotePayload;
    const ticket = delivery.target;
    const gone: DeliveryOutcome = { result: 'failed', excerpt: 'The recording was deleted before its note could be posted.' };
    const earlier = await repo.findNoteOfDelivery(ctx.db, delivery.id);

    if (note.kind === 'update' && !earlier) {
      const current = await buildSubmissionAlert(ctx, delivery.account_id, note.submission_id);
      if (!current) return gone;
      const verdict = updateVerdict(await repo.notesOf(ctx.db, note.submission_id, ticket), current.summary?.updated_at ?? null);
      if (verdict === 'carried') return { result: 'succeeded', excerpt: `Nothing new: the note on ticket #${ticket} already carries this summary.` };
      if (verdict === 'will-carry') return { result: 'succeeded', excerpt: `Nothing to add: the recording's first note on ticket #${ticket}, not posted yet, will carry the summary.` };
      if (verdict === 'wait') return { result: 'retry', excerpt: `Waiting for the recording's first note on ticket #${ticket}.`, retryAfterSeconds: FIRST_NOTE_IN_FLIGHT_SECONDS };
    }
    const access = await zendeskAccess(ctx, row);
    if ('failure' in access) return failed(access.failure);
    const api = zendeskApi(ctx, row.subdomain, access.token);

    // An earlier attempt whose answer never came may have posted: look for its ref before posting again.
    if (earlier && !earlier.posted_at) {
      const comments = await callZendesk<{ html_body?: string; body?: string }[]>(() => api.tickets.getComments(Number(ticket)).then((result) => ({ response: { status: 200, headers: new Headers() }, result })));
      if (!comments.ok) return failed(comments);
      if (comments.result.some((c) => (c.html_body ?? c.body ?? '').includes(note.ref))) {
        await repo.markNotePosted(ctx.db, delivery.id);
        return { result: 'succeeded', status: 200, excerpt: `Internal note found on ticket #${ticket} (the earlier answer was lost).` };
      }
    }
    // Written before the note is built: an update arriving from now on waits for this note, and one that came
    // earlier found no note and left the summary to this one, which reads it below.
    await repo.beginNote(ctx.db, { account_id: row.account_id, submission_id: note.submission_id, ticket_id: ticket, delivery_id: delivery.id, ref: note.ref });
    const alert = await buildSubmissionAlert(ctx, delivery.account_id, note.submission_id);
    if (!alert) {
      await repo.forgetNoteAttempt(ctx.db, delivery.id);
      return gone;
    }
    await repo.setNoteSummary(ctx.db, delivery.id, alert.summary?.updated_at ?? null);
    const html = note.kind === 'update' ? summaryUpdateHtml(alert, note.ref) : recordingNoteHtml(alert, problemsOf(await listEvents(ctx.db, alert.submission.id)), note.ref);
    // additional_tags adds to the ticket's tags (`tags` would replace them).
    const tags = row.note_tags.split(' ').filter(Boolean);
    const update = { comment: { html_body: html, public: false }, ...(tags.length ? { additional_tags: tags } : {}) };
    const answer = await callZendesk(() => api.tickets.update(Number(ticket), { ticket: update } as never));
    if (answer.ok) {
      await repo.markNotePosted(ctx.db, delivery.id);
      return { result: 'succeeded', status: answer.status, excerpt: `Internal note ${note.kind === 'update' ? 'update ' : ''}added to ticket #${ticket}.` };
    }
    // Zendesk answered, so it did not take the note: the next attempt posts without looking for it first.
    if (answer.status !== undefined) await repo.forgetNoteAttempt(ctx.db, delivery.id);
    if (answer.kind === 'broken') await repo.setZendeskError(ctx.db, row.account_id, access.row.access_token_encrypted, answer.message);
    return failed(answer);
  },
};
