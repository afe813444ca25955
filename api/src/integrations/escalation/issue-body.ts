import { paddedClock, type SummaryCitation } from '@showback/contract';
import { metadataLines, senderInFull, type SubmissionAlert } from '../../alerts/submission-alert.ts';
import type { NoteProblems } from '../helpdesk/helpdesk-note.ts';

/** How many of each the issue lists; the recording's page has them all. */
const LISTED = 10;

/** Text from the customer's side, on one line and unable to open markdown constructs (links, code, emphasis, HTML). */
function md(value: string, max = 300): string {
  const line = value.replace(/\s+/g, ' ').trim();
  const cut = line.length > max ? `${line.slice(0, max - 1)}…` : line;
  return cut.replace(/([\\`*_{}[\]()<>#+|!~])/g, '\\$1');
}

/** A link to the moment on the recording's page (`?t=` in seconds), shown as mm:ss. */
const moment = (recording: string, ms: number): string => {
  const second = Math.max(0, Math.floor(ms / 1000));
  return `[${paddedClock(ms)}](${recording}?t=${second})`;
};

function citation(recording: string, c: SummaryCitation): string {
  if (c.type === 'request') return `${moment(recording, c.t_ms)} ${md(c.method)} ${md(c.url, 120)} → ${c.status}`;
  if (c.type === 'console') return `${moment(recording, c.t_ms)} console.${md(c.level)}`;
  return moment(recording, c.t_ms);
}

function section(heading: string, total: number, items: string[]): string[] {
  if (total === 0) return [`### ${heading}`, '', 'None captured.', ''];
  const more = total > items.length ? [`- … and ${total - items.length} more on the recording's page`] : [];
  return [`### ${heading} (${total})`, '', ...items.map((i) => `- ${i}`), ...more, ''];
}

function environment(env: Record<string, unknown>): string[] {
  const pick = (key: string): string | undefined => (typeof env[key] === 'string' || typeof env[key] === 'number' ? String(env[key]) : undefined);
  const rows = [
    ['Browser', [pick('browser'), pick('browser_version')].filter(Boolean).join(' ')],
    ['OS', pick('os')],
    ['Screen', pick('screen')],
    ['Page', pick('page_url')],
  ].filter((r): r is [string, string] => Boolean(r[1]));
  return rows.length ? ['### Environment', '', ...rows.map(([k, v]) => `- **${k}:** ${md(v, 500)}`), ''] : [];
}

function metadataSection(alert: SubmissionAlert): string[] {
  const lines = metadataLines(alert.metadata);
  return lines.length ? ['### App metadata', '', ...lines.map((l) => `- ${md(l, 320)}`), ''] : [];
}

/** The request list as a HAR file the issue links to (uploaded to the tracker, or on Showback), or why it could not be. */
export type RequestListFile = { filename: string; entries: number } & ({ url: string } | { error: string });

function requestListSection(file: RequestListFile | undefined): string[] {
  if (!file) return [];
  const line =
    'url' in file
      ? `[${file.filename}](${file.url}) — ${file.entries} requests as HAR: import it in your browser's Network panel.`
      : `The ${file.entries} requests could not be uploaded as a HAR file (${md(file.error)}); they are on the recording's page.`;
  return ['### Request list', '', line, ''];
}

/**
 * An issue's description in the Markdown the trackers share (Linear, GitHub): who sent the recording and the link to it, the summary's lines with
 * their citations, the console errors and failed requests each linked to its moment (`?t=`), the environment and the
 * app's metadata and the customer's note. Everything from the customer's and the integrator's side is escaped so it cannot add links or formatting.
 */
export function issueMarkdown(alert: SubmissionAlert, problems: NoteProblems, requestList?: RequestListFile): string {
  const recording = alert.links.recording;
  const length = alert.submission.duration_ms === null ? 'unknown length' : paddedClock(alert.submission.duration_ms, 'round');
  const summary = alert.summary;
  const lines = [
    `**[Showback recording](${recording})** from ${md(senderInFull(alert.recipient))} · ${length}${alert.submission.status === 'failed' ? ' · processing failed' : ''}`,
    '',
    '### Summary',
    '',
    ...(summary
      ? [
          ...(summary.goal ? [md(summary.goal, 500), ''] : []),
          ...summary.lines.map((l) => `- ${md(l.text, 500)}${l.citations.length ? ` (${l.citations.map((c) => citation(recording, c)).join('; ')})` : ''}`),
          '',
          `_${summary.kind === 'model' ? `Written by ${md(summary.engine ?? 'a language model')}` : 'Assembled from the recording (no model)'}._`,
          '',
        ]
      : ['_The summary is not written yet (it follows the transcript): escalate again to bring it here._', '']),
    ...section('Console errors', alert.counts.console_errors, problems.consoleErrors.slice(0, LISTED).map((e) => `${moment(recording, e.t_ms)} ${md(e.message)}`)),
    ...section('Failed requests', alert.counts.failed_requests, problems.failedRequests.slice(0, LISTED).map((r) => `${moment(recording, r.t_ms)} ${md(r.method)} ${md(r.url, 200)} → ${r.status || 'no answer'}`)),
    ...(problems.steps.length
      ? ['### Steps to reproduce', '', ...problems.steps.map((s, i) => `${i + 1}. ${s.t_ms === null ? '' : `${moment(recording, s.t_ms)} `}${md(s.text)}`), '']
      : []),
    ...requestListSection(requestList),
    ...environment(alert.environment),
    ...metadataSection(alert),
    ...(alert.submission.note ? ['### The customer wrote', '', `> ${md(alert.submission.note, 2000)}`, ''] : []),
  ];
  return lines.join('\n').trimEnd();
}

/** The recording in a few words (length and what went wrong), for an attachment's subtitle or a link's title. */
export function recordingInBrief(alert: SubmissionAlert): string {
  const length = alert.submission.duration_ms === null ? 'recording' : `${paddedClock(alert.submission.duration_ms, 'round')} recording`;
  return `${length} · ${alert.counts.console_errors} console errors · ${alert.counts.failed_requests} failed requests`;
}
