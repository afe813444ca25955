import type { Summary } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { getSubmissionRecord } from '../submissions/submissions.service.ts';
import { findTranscript } from '../transcripts/transcripts.repository.ts';
import { findSummary } from './summaries.repository.ts';
import { iso } from '../../db/iso.ts';

/** A recording's summary as it stands (pending until written); 404 for a recording that is not this account's. */
export async function getSummary(ctx: AppContext, accountId: string, submissionId: string): Promise<Summary> {
  await getSubmissionRecord(ctx, accountId, submissionId);
  const row = await findSummary(ctx.db, accountId, submissionId);
  const transcript = await findTranscript(ctx.db, accountId, submissionId);
  return {
    status: row?.status ?? 'pending',
    kind: row?.kind ?? null,
    engine: row?.engine ?? null,
    goal: row?.goal ?? null,
    lines: row?.status === 'ready' ? row.lines : [],
    steps: row?.status === 'ready' ? row.steps : [],
    error: row?.error ?? null,
    updated_at: iso(row?.updated_at),
    rebuilding: row?.status === 'ready' && transcript?.status === 'ready' && new Date(transcript.updated_at) > new Date(row.transcript_at ?? row.updated_at),
  };
}
