import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, SummarySchema, type Summary } from '@showback/contract';
import { getSubmissionRecord } from '../submissions/submissions.service.ts';
import { findTranscript } from '../transcripts/transcripts.repository.ts';
import { findSummary } from './summaries.repository.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

export const summariesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v1/submissions/:id/summary', {
    config: { permission: 'recordings.read' },
    schema: { tags: ['submissions'], params: IdParams, response: { 200: SummarySchema, 404: ErrorBodySchema } },
  }, async (request): Promise<Summary> => {
    const { accountId } = request.user;
    await getSubmissionRecord(app.ctx, accountId, request.params.id);
    const row = await findSummary(app.ctx.db, accountId, request.params.id);
    const transcript = await findTranscript(app.ctx.db, accountId, request.params.id);
    return {
      status: row?.status ?? 'pending',
      kind: row?.kind ?? null,
      engine: row?.engine ?? null,
      goal: row?.goal ?? null,
      lines: row?.status === 'ready' ? row.lines : [],
      error: row?.error ?? null,
      updated_at: row ? new Date(row.updated_at).toISOString() : null,
      rebuilding: row?.status === 'ready' && transcript?.status === 'ready' && new Date(transcript.updated_at) > new Date(row.transcript_at ?? row.updated_at),
    };
  });
};
