import { playerClock } from '@showback/contract';
import { senderInFull, type SubmissionAlert } from '../../alerts/submission-alert.ts';
import type { SummaryRow } from '../../modules/summaries/summaries.repository.ts';

/** The facts a chat message about a new recording shows, as plain text; Slack and Teams each lay them out. */
export interface RecordingCardText {
  title: string;
  heading: string;
  facts: { label: string; value: string }[];
  /** The summary's goal and first lines, when one is ready. */
  summary: string[];
  note: string | null;
  failed: boolean;
  posterUrl: string | null;
  recordingUrl: string;
}

const duration = (ms: number | null): string => (ms === null ? 'unknown' : playerClock(ms, 'round'));

const SUMMARY_LINES = 3;

export function recordingCardText(alert: SubmissionAlert, summary: SummaryRow | undefined): RecordingCardText {
  const failed = alert.submission.status === 'failed';
  const lines = summary?.status === 'ready' ? [...(summary.goal ? [`Goal: ${summary.goal}`] : []), ...summary.lines.slice(0, SUMMARY_LINES).map((l) => l.text)] : [];
  return {
    title: alert.request.title,
    heading: failed ? `New recording (processing failed): ${alert.request.title}` : `New recording: ${alert.request.title}`,
    facts: [
      { label: 'Recipient', value: senderInFull(alert.recipient) },
      { label: 'Duration', value: duration(alert.submission.duration_ms) },
      { label: 'Console errors', value: String(alert.counts.console_errors) },
      { label: 'Failed requests', value: String(alert.counts.failed_requests) },
    ],
    summary: lines,
    note: alert.submission.note,
    failed,
    posterUrl: alert.links.poster,
    recordingUrl: alert.links.recording,
  };
}
