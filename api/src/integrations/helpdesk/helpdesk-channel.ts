import type { AlertChannel, DeliveryOutcome } from '../../alerts/alert-channel.ts';
import { buildSubmissionAlert, outsideAlert, type SubmissionAlert } from '../../alerts/submission-alert.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { Helpdesk } from '../../db/schema.ts';
import { listEvents } from '../../modules/widget/widget.repository.ts';
import type { ProviderAnswer, ProviderFailure } from '../kit/provider-failure.ts';
import { escalationUpdateHtml, problemsOf, recordingNoteHtml, reviewUpdateHtml, summaryUpdateHtml } from './helpdesk-note.ts';
import * as notes from './helpdesk-notes.repository.ts';
import { helpdeskAllowed } from './helpdesk-plan.ts';
import { ticketsOfSubmission } from './ticket-requests.ts';
import { trackerIssuesOf } from '../escalation/tracker-issues.ts';

/**
 * The first note when a recording settled; news when its summary is written, an issue it was escalated to moves, or
 * the team's review of it changes state.
 */
const NOTE_EVENTS = new Set(['submission.ready', 'submission.failed', 'submission.summarized', 'submission.escalated', 'submission.state_changed']);

const KIND_OF_EVENT: Record<string, NotePayload['kind']> = { 'submission.summarized': 'update', 'submission.escalated': 'escalation', 'submission.state_changed': 'review' };

/** An update whose first note is being posted right now asks again this much later. */
const FIRST_NOTE_IN_FLIGHT_SECONDS = 30;

interface NotePayload {
  /** update: the summary was written; escalation: an issue the recording was escalated to opened or changed state; review: the team's review changed state. */
  kind: 'recording' | 'update' | 'escalation' | 'review';
  submission_id: string;
  ref: string;
}

/** One helpdesk's API for the notes of one delivery. */
export interface NoteApi {
  /** The note carrying `ref` on the ticket (its id), when the helpdesk took it although its answer was lost. */
  findNote(ticket: string, ref: string): Promise<ProviderAnswer<{ noteId: string | null } | undefined>>;
  post(ticket: string, html: string): Promise<ProviderAnswer<{ noteId: string | null }>>;
  /** Replaces a note's body; absent where the helpdesk cannot edit notes (Zendesk), which then gets a follow-up. */
  edit?(ticket: string, noteId: string, html: string): Promise<ProviderAnswer<unknown>>;
  /** The helpdesk refused the credential for good: the connection shows its error state and posts no more. */
  broken(message: string): Promise<void>;
}

export interface NoteWriter {
  /** Stored as alert_deliveries.channel. */
  name: Helpdesk;
  label: string;
  /** The account's connection: its site (subdomain, domain) and why it stopped, if it did. */
  connection(db: Db, accountId: string): Promise<{ site: string; error: string | null } | undefined>;
  open(ctx: AppContext, accountId: string): Promise<{ api: NoteApi } | { failure: ProviderFailure }>;
  /** Whether the API edits notes, so news goes into the recording's note rather than a follow-up. */
  editsInPlace: boolean;
}

function failed(failure: ProviderFailure): DeliveryOutcome {
  if (failure.kind === 'rate_limited') return { result: 'retry', status: 429, excerpt: failure.message, retryAfterSeconds: failure.retryAfterSeconds };
  if (failure.kind === 'unreachable') return { result: 'retry', status: failure.status, excerpt: failure.message };
  return { result: 'failed', status: failure.status || undefined, excerpt: failure.message };
}

const time = (value: Date | string | null): number => (value === null ? -1 : new Date(value).getTime());

/**
 * What news does, from the recording's notes on the ticket: nothing when one already carries this summary or when the
 * first note has not been attempted yet (it is built at its attempt, so it will carry the news); wait while the first
 * note is in flight; else post. An issue's state is not stored with the notes: each change is news.
 */
function newsVerdict(kind: 'update' | 'escalation' | 'review', rows: notes.HelpdeskNoteRow[], summaryAt: string | null): 'post' | 'carried' | 'will-carry' | 'wait' {
  if (kind === 'update' && (summaryAt === null || rows.some((n) => time(n.summary_updated_at) >= time(summaryAt)))) return 'carried';
  if (rows.length === 0) return 'will-carry';
  return rows.some((n) => n.posted_at !== null) ? 'post' : 'wait';
}

/**
 * The note to write: the recording's whole note (first, or edited in place where the helpdesk edits notes), else the
 * follow-up with only the news. What each needs is read for it alone.
 */
async function noteHtml(ctx: AppContext, editsInPlace: boolean, kind: NotePayload['kind'], alert: SubmissionAlert, ref: string): Promise<string> {
  const submissionId = alert.submission.id;
  if (editsInPlace || kind === 'recording') {
    return recordingNoteHtml(alert, problemsOf(await listEvents(ctx.db, submissionId), alert.summary), ref, editsInPlace ? 'in-place' : 'follow-up', await trackerIssuesOf(ctx.db, submissionId));
  }
  if (kind === 'review') return reviewUpdateHtml(alert, ref);
  return kind === 'update' ? summaryUpdateHtml(alert, ref) : escalationUpdateHtml(alert, await trackerIssuesOf(ctx.db, submissionId), ref);
}

/**
 * Notes on the helpdesk tickets recordings were requested from (the target is the ticket id), one write-back queue
 * for every helpdesk on the alert outbox. A recording gets ONE note when it settles; its summary, written later, is
 * edited into that note where the helpdesk can edit notes (Freshdesk) or is one follow-up note where it cannot
 * (Zendesk); an update whose summary a note already carries posts nothing. An issue the recording was escalated to
 * (created, or its state changed by the tracker's webhook) is news the same way: the note edited, or a follow-up
 * naming the issues and their states. A delivery is sent once: a lost answer is
 * looked for on the ticket before posting again. Each note is built at its attempt (not at the first render, as other
 * channels do) so that it carries the summary when it was written meanwhile. 429s wait out Retry-After; a refused
 * credential puts the connection in its error state (the card shows it) and nothing more is posted until reconnected.
 */
export function helpdeskChannel(writer: NoteWriter): AlertChannel {
  const { label } = writer;
  /** The site while notes may be posted: connected and not in its error state. */
  const postableSite = async (db: Db, accountId: string) => {
    const found = await writer.connection(db, accountId);
    return found && !found.error ? found.site : undefined;
  };
  return {
    name: writer.name,
    retryDelaysSeconds: [60, 5 * 60, 30 * 60, 2 * 3600],

    async targets(db, event) {
      if (!NOTE_EVENTS.has(event.type) || !event.submission_id) return [];
      const site = await postableSite(db, event.account_id);
      if (!site || !(await helpdeskAllowed(db, event.account_id, writer.name))) return [];
      return ticketsOfSubmission(db, event.account_id, { helpdesk: writer.name, site }, event.submission_id);
    },

    async render(_ctx, event, target) {
      if (!event.submission_id) return { result: 'failed', excerpt: 'No recording to write about.' };
      const payload: NotePayload = { kind: KIND_OF_EVENT[event.type] ?? 'recording', submission_id: event.submission_id, ref: `${event.id.slice(0, 8)}-${target}` };
      return JSON.stringify(payload);
    },

    async deliver(ctx, delivery) {
      if (!(await postableSite(ctx.db, delivery.account_id))) return { result: 'failed', excerpt: `Not posted: ${label} was disconnected or is in an error state.` };
      const note = JSON.parse(delivery.payload) as NotePayload;
      const ticket = delivery.target;
      const gone: DeliveryOutcome = { result: 'failed', excerpt: 'The recording was deleted before its note could be posted.' };
      const earlier = await notes.findNoteOfDelivery(ctx.db, delivery.id);
      const previous = (await notes.notesOf(ctx.db, note.submission_id, ticket)).filter((n) => n.delivery_id !== delivery.id);

      if (note.kind !== 'recording' && !earlier) {
        const current = await buildSubmissionAlert(ctx, delivery.account_id, note.submission_id);
        if (!current) return gone;
        const verdict = newsVerdict(note.kind, previous, current.summary?.updated_at ?? null);
        if (verdict === 'carried') return { result: 'succeeded', excerpt: `Nothing new: the note on ticket #${ticket} already carries this summary.` };
        if (verdict === 'will-carry') return { result: 'succeeded', excerpt: `Nothing to add: the recording's first note on ticket #${ticket}, not posted yet, will carry the ${{ update: 'summary', escalation: 'issue', review: 'review state' }[note.kind]}.` };
        if (verdict === 'wait') return { result: 'retry', excerpt: `Waiting for the recording's first note on ticket #${ticket}.`, retryAfterSeconds: FIRST_NOTE_IN_FLIGHT_SECONDS };
      }
      const opened = await writer.open(ctx, delivery.account_id);
      if ('failure' in opened) return failed(opened.failure);
      const { api } = opened;
      // Where notes can be edited, the recording's note already on the ticket is edited: never a second one.
      const edit = api.edit?.bind(api);
      const existing = edit ? previous.find((n) => n.note_id !== null) : undefined;

      // An earlier attempt whose answer never came may have posted: look for its ref before posting again.
      if (earlier && !earlier.posted_at && !existing) {
        const found = await api.findNote(ticket, note.ref);
        if (!found.ok) return failed(found);
        if (found.value) {
          await notes.markNotePosted(ctx.db, delivery.id, found.value.noteId);
          return { result: 'succeeded', status: 200, excerpt: `Note found on ticket #${ticket} (the earlier answer was lost).` };
        }
      }
      // Written before the note is built: an update arriving from now on waits for this note, and one that came
      // earlier found no note and left the summary to this one, which reads it below.
      const ref = existing?.ref ?? note.ref;
      await notes.beginNote(ctx.db, { account_id: delivery.account_id, submission_id: note.submission_id, ticket_id: ticket, delivery_id: delivery.id, ref });
      const alert = await buildSubmissionAlert(ctx, delivery.account_id, note.submission_id);
      if (!alert) {
        await notes.forgetNoteAttempt(ctx.db, delivery.id);
        return gone;
      }
      await notes.setNoteSummary(ctx.db, delivery.id, alert.summary?.updated_at ?? null);
      const html = await noteHtml(ctx, writer.editsInPlace, note.kind, await outsideAlert(ctx, delivery.account_id, alert, writer.name), ref);
      const answer = existing && edit ? await edit(ticket, existing.note_id!, html) : await api.post(ticket, html);
      if (answer.ok) {
        const noteId = existing?.note_id ?? (answer.value as { noteId: string | null }).noteId;
        await notes.markNotePosted(ctx.db, delivery.id, noteId);
        const what = existing ? `Note ${noteId} on ticket #${ticket} updated in place.` : `${note.kind === 'recording' ? 'Note' : 'Note update'} added to ticket #${ticket}.`;
        return { result: 'succeeded', status: answer.status ?? 200, excerpt: what };
      }
      // The helpdesk answered, so it did not take the note: the next attempt posts without looking for it first.
      if (answer.status !== undefined) await notes.forgetNoteAttempt(ctx.db, delivery.id);
      if (answer.kind === 'broken') await api.broken(answer.message);
      return failed(answer);
    },
  };
}
