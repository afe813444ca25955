import type { SummaryCitation } from '@showback/contract';
import { metadataLines, senderInFull, type SubmissionAlert } from '../../alerts/submission-alert.ts';
import { escapeHtml } from '../../web/message-page.ts';
import type { TrackerIssue } from '../escalation/tracker-issues.ts';

/** The customer's page's problems, as the note lists them: the moment, then what failed. */
export interface NoteProblems {
  consoleErrors: { t_ms: number; message: string }[];
  failedRequests: { t_ms: number; method: string; url: string; status: number }[];
}

/** How many of each the note lists; the recording's page has them all. */
const LISTED = 5;

const clock = (ms: number): string => {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
};

const text = (value: string, max = 300): string => escapeHtml(value.length > max ? `${value.slice(0, max - 1)}…` : value);

function citation(c: SummaryCitation): string {
  if (c.type === 'request') return `${clock(c.t_ms)} ${text(c.method)} ${text(c.url, 120)} → ${c.status}`;
  if (c.type === 'console') return `${clock(c.t_ms)} console.${text(c.level)}`;
  return clock(c.t_ms);
}

function list(heading: string, total: number, items: string[]): string {
  if (total === 0) return `<p><strong>${heading}:</strong> none</p>`;
  const more = total > items.length ? `<li>… and ${total - items.length} more on the recording's page</li>` : '';
  return `<p><strong>${heading} (${total}):</strong></p><ul>${items.map((i) => `<li>${i}</li>`).join('')}${more}</ul>`;
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

const who = (alert: SubmissionAlert): string => text(senderInFull(alert.recipient));

const duration = (ms: number | null): string => (ms === null ? 'unknown length' : clock(ms));

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
    list('Console errors', alert.counts.console_errors, problems.consoleErrors.slice(0, LISTED).map((e) => `${clock(e.t_ms)} ${text(e.message)}`)),
    list('Failed requests', alert.counts.failed_requests, problems.failedRequests.slice(0, LISTED).map((r) => `${clock(r.t_ms)} ${text(r.method)} ${text(r.url, 200)} → ${r.status || 'no answer'}`)),
    alert.summary ? summaryHtml(alert.summary) : PENDING_SUMMARY[later],
    escalatedHtml(issues),
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

/** The problems the widget captured, in the order they happened (link recordings have none). */
export function problemsOf(events: { offset_ms: number; kind: string; payload: unknown }[]): NoteProblems {
  const problems: NoteProblems = { consoleErrors: [], failedRequests: [] };
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
