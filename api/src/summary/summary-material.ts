import type { TranscriptSegment, WidgetEvent } from '@showback/contract';
import type { Db } from '../db/database.ts';
import type { SubmissionRow } from '../db/schema.ts';
import { eventOfRow, listEvents } from '../modules/widget/widget.repository.ts';
import { findTranscriptById } from '../modules/transcripts/transcripts.repository.ts';

/** What a summary is written from. All of it came from the customer's side: untrusted text. */
export interface SummaryMaterial {
  note: string | null;
  environment: Record<string, unknown>;
  durationMs: number | null;
  /** The host page's events in the order GET /events lists them; citations name them by this index. */
  events: WidgetEvent[];
  segments: TranscriptSegment[];
  /** The ready transcript's updated_at (its version: a correction changes it), null without one. */
  transcriptAt: Date | null;
}

export async function loadSummaryMaterial(db: Db, submission: SubmissionRow): Promise<SummaryMaterial> {
  const rows = await listEvents(db, submission.id);
  const transcript = await findTranscriptById(db, submission.id);
  return {
    note: submission.note,
    environment: submission.environment as Record<string, unknown>,
    durationMs: submission.duration_ms ?? submission.client_duration_ms,
    events: rows.map(eventOfRow),
    segments: transcript?.status === 'ready' ? transcript.segments : [],
    transcriptAt: transcript?.status === 'ready' ? new Date(transcript.updated_at) : null,
  };
}
