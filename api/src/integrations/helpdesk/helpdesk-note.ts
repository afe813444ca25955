import { paddedClock, type SummaryCitation } from '@showback/contract';
import { metadataLines, senderInFull, type SubmissionAlert } from '../../alerts/submission-alert.ts';
import { escapeHtml } from '../../web/message-page.ts';
import type { TrackerIssue } from '../escalation/tracker-issues.ts';
import { eventOfRow } from '../../modules/widget/widget.repository.ts';
import { reproSteps, type ListedStep } from '../../summary/repro-steps.ts';

/** The customer's page's problems, as the note lists them: the moment, then what failed. */
export interface NoteProblems {
  consoleErrors: { t_ms: number; message: string }[];
  failedRequests: { t_ms: number; method: string; url: string; status: number }[];
  /** Steps to reproduce (reproSteps): a moment of null happened before the recording started. */
  steps: ListedStep[];
}

/** How many of each the note lists; the recording's page has them all. */
const LISTED = 5;

const text = (value: string, max = 300): string => escapeHtml(value.length > max ? `${value.slice(0, max - 1)}…` : value);

function citation(c: SummaryCitation): string {
  if (c.type === 'request') return `${paddedClock(c.t_ms, 'round')} ${text(c.method)} ${text(c.url, 120)} → ${c.status}`;
  if (c.type === 'console') return `${paddedClock(c.t_ms, 'round')} console.${text(c.level)}`;
  return paddedClock(c.t_ms, 'round');
}

function list(heading: string, total: number, items: string[]): string {
  if (total === 0) return `<p><strong>${heading}:</strong> none</p>`;
  const more = total > items.length ? `<li>… and ${total - items.length} more on the recording's page</li>` : '';
  return `<p><strong>${heading} (${total}):</strong></p><ul>${items.map((i) => `<li>${i}</li>`).join('')}${more}</ul>`;
}

function stepsHtml(steps: ListedStep[]): string {
  if (steps.length === 0) return '';
  const items = steps.map((s) => `<li>${s.t_ms === null ? '' : `${paddedClock(s.t_ms, 'round')} `}${text(s.text)}</li>`);
  return `<p><strong>Steps to reproduce:</strong></p><ol>${items.join('')}</ol>`;
}

function summaryHtml(summary: NonNullable<SubmissionAlert['summary']>): string {
  const by = summary.kind === 'model' ? `written by ${text(summary.engine ?? 'a language model')}` : 'assembled from the recording, no model';
  const goal = summary.goal ? `<p>${text(summary.goal, 500)}</p>` : '';
  const lines = summary.lines.map((l) => `<li>${text(l.text, 500)}${l.citations.length ? ` <em>[${l.citations.map(citation).join('; ')}]</em>` : ''}</li>`).join('');
  // A digest of a recording without failures, note or speech the recogniser was sure of has no line: say so, as the
  // recording's page does, rather than leave a heading over nothing.
  const body = goal || lines ? `${goal}${lines ? `<ul>${lines}</ul>` : ''}` : '<p>No console error or failing request was captured, and no speech the recogniser was sure of.</p>';
  return `<p><strong>Summary</strong> (${by}):</p>${body}`;
}

function environmentLine(env: Record<string, unknown>): string {
  const pick = (key: string): string | undefined => (typeof env[key] === 'string' || typeof env[key] === 'number' ? String(env[key]) : undefined);
  const browser = [pick('browser'), pick('browser_version')].filter(Boolean).join(' ');
  const parts = [browser, pick('os'), pick('screen') && `screen ${pick('screen')}`, pick('page_url') && `page ${pick('page_url')}`].filter(Boolean) as string[];
  return parts.length ? `<p><strong>Environment:</strong> ${text(parts.join(' · '), 500)}</p>` : '';
}

function metadataHtml(alert: SubmissionAlert): string {
  const lines = metadataLines(alert.metadata);
  return lines.length ? `<p><strong>App metadata:</strong></p><ul>${lines.map((l) => `<li>${text(l, 320)}</li>`).join('')}</ul>` : '';
}

function escalatedHtml(issues: TrackerIssue[]): string {
  if (issues.length === 0) return '';
  const items = issues.map((i) => `<li><a href="${escapeHtml(i.url)}">${text(i.key, 60)}</a> in ${text(i.label)}: <strong>${text(i.state, 60)}</strong> · ${text(i.title, 200)}</li>`);
  return `<p><strong>Escalated:</strong></p><ul>${items.join('')}</ul>`;
}

const REVIEW_STATE_LABEL = { open: 'Open', in_progress: 'In progress', resolved: 'Resolved' } as const;

function reviewHtml(review: SubmissionAlert['review']): string {
  const assignee = review.assignee ? ` · assigned to ${text(review.assignee.name, 120)}` : '';
  return `<p><strong>Review:</strong> ${REVIEW_STATE_LABEL[review.state]}${assignee}</p>`;
}

const who = (alert: SubmissionAlert): string => text(senderInFull(alert.recipient));

const duration = (ms: number | null): string => (ms === null ? 'unknown length' : paddedClock(ms, 'round'));

const footer = (ref: string): string => `<p><small>Posted by Showback · ref ${escapeHtml(ref)}</small></p>`;

/** Where the summary will appear when the note is written before it: a follow-up note, or this note edited. */
export type SummaryLater = 'follow-up' | 'in-place';

const PENDING_SUMMARY: Record<SummaryLater, string> = {
  'follow-up': '<p><em>The summary follows in an update once the transcript is written.</em></p>',
  'in-place': '<p><em>The summary is added to this note once the transcript is written.</em></p>',
};

/**
 * The internal (private) note for a recording that settled: who, how long, the link, the console errors and failed
 * requests with their moments, the summary when it is already written, the issues it was escalated to with their
 * state, the environment, the app's metadata and the customer's note. Every value came from the customer's side, the
 * integrator's page or a tracker and is escaped; `ref` lets a retry find a note whose answer was lost.
 */
export function recordingNoteHtml(alert: SubmissionAlert, problems: NoteProblems, ref: string, later: SummaryLater = 'follow-up', issues: TrackerIssue[] = []): string {
  const failed = alert.submission.status === 'failed';
  const head = failed ? 'Showback recording (processing failed)' : 'Showback recording';
  return [
    `<p><strong>${head}: ${text(alert.request.title)}</strong></p>`,
    `<p>From ${who(alert)} · ${duration(alert.submission.duration_ms)} · <a href="${escapeHtml(alert.links.recording)}">Open the recording</a></p>`,
    list('Console errors', alert.counts.console_errors, problems.consoleErrors.slice(0, LISTED).map((e) => `${paddedClock(e.t_ms, 'round')} ${text(e.message)}`)),
    list('Failed requests', alert.counts.failed_requests, problems.failedRequests.slice(0, LISTED).map((r) => `${paddedClock(r.t_ms, 'round')} ${text(r.method)} ${text(r.url, 200)} → ${r.status || 'no answer'}`)),
    stepsHtml(problems.steps),
    alert.summary ? summaryHtml(alert.summary) : PENDING_SUMMARY[later],
    escalatedHtml(issues),
    alert.review.state === 'open' && !alert.review.assignee ? '' : reviewHtml(alert.review),
    environmentLine(alert.environment),
    metadataHtml(alert),
    alert.submission.note ? `<p><strong>The customer wrote:</strong> ${text(alert.submission.note, 2000)}</p>` : '',
    footer(ref),
  ].join('');
}

function updateHtml(alert: SubmissionAlert, ref: string, news: string): string {
  return [
    `<p><strong>Update to the Showback recording: ${text(alert.request.title)}</strong></p>`,
    news,
    `<p><a href="${escapeHtml(alert.links.recording)}">Open the recording</a></p>`,
    footer(ref),
  ].join('');
}

/**
 * Zendesk cannot edit a comment (its API only redacts), so news about a recording already noted is one follow-up
 * note that says what it updates: the summary, written after the transcript.
 */
export const summaryUpdateHtml = (alert: SubmissionAlert, ref: string): string => updateHtml(alert, ref, alert.summary ? summaryHtml(alert.summary) : '');

/** The follow-up note where notes cannot be edited when an issue the recording was escalated to opened or changed state. */
export const escalationUpdateHtml = (alert: SubmissionAlert, issues: TrackerIssue[], ref: string): string => updateHtml(alert, ref, escalatedHtml(issues));

/** The follow-up note where notes cannot be edited when the team's review of the recording changed state. */
export const reviewUpdateHtml = (alert: SubmissionAlert, ref: string): string => updateHtml(alert, ref, reviewHtml(alert.review));

/**
 * The problems the widget captured, in the order they happened, and the steps to reproduce (link recordings have
 * none): the summary's steps once it is written, else built from the events.
 */
export function problemsOf(events: { offset_ms: number; kind: string; payload: unknown }[], summary: SubmissionAlert['summary']): NoteProblems {
  const problems: NoteProblems = { consoleErrors: [], failedRequests: [], steps: reproSteps(summary, events.map(eventOfRow)) };
  for (const event of events) {
    const p = (event.payload ?? {}) as Record<string, unknown>;
    const str = (key: string): string => (typeof p[key] === 'string' ? (p[key] as string) : '');
    if ((event.kind === 'console' && p.level === 'error') || event.kind === 'error') problems.consoleErrors.push({ t_ms: event.offset_ms, message: str('message') });
    if (event.kind === 'network' && typeof p.status === 'number' && (p.status === 0 || p.status >= 400)) {
      problems.failedRequests.push({ t_ms: event.offset_ms, method: str('method'), url: str('url'), status: p.status });
    }
  }
  return problems;
}
