import { WIDGET_LIMITS, type CreateSubmission, type SubmissionEvents, type WidgetEvent, type WidgetIdentity, type WidgetMetadata } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../errors.ts';
import * as repo from './widget.repository.ts';

const INT_MAX = 2_147_483_647;

/**
 * The events kept of what a submission brought: the schema already capped their number and shapes; here the
 * customer's actions are capped to the latest `maxActions` and the total size too, dropping the oldest first (the
 * minutes furthest from the recording matter least).
 */
export function capEvents(events: readonly WidgetEvent[], maxBytes: number = WIDGET_LIMITS.maxContextBytes): { kept: WidgetEvent[]; dropped: number } {
  const all = [...events].sort((a, b) => a.t - b.t);
  let extraActions = all.filter((e) => e.kind === 'action').length - WIDGET_LIMITS.maxActions;
  const sorted = all.filter((e) => e.kind !== 'action' || extraActions-- <= 0);
  const overActions = all.length - sorted.length;
  const sizes = sorted.map((e) => JSON.stringify(e).length);
  let total = sizes.reduce((a, b) => a + b, 0);
  let first = 0;
  while (total > maxBytes && first < sorted.length) total -= sizes[first++]!;
  return { kept: sorted.slice(first), dropped: overActions + first };
}

function levelOf(e: WidgetEvent): string | null {
  if (e.kind === 'console') return e.level;
  if (e.kind === 'error') return 'error';
  if (e.kind === 'network') return e.status === 0 || e.status >= 400 ? 'error' : null;
  return null;
}

/**
 * Stores the host page's events, metadata and identity of a submission once: a retried submit whose first attempt
 * stored them changes nothing. A new submission passes its transaction as `db`, so the context commits with the row.
 */
export async function storeSubmissionContext(ctx: AppContext, request: object, submissionId: string, input: CreateSubmission, db: Db = ctx.db): Promise<void> {
  const origin = 'widget_origin' in request && typeof request.widget_origin === 'string' ? request.widget_origin : null;
  const events = input.events ?? [];
  if (!origin && !events.length && !input.metadata && !input.identity) return;
  if (await repo.hasContext(db, submissionId)) return;
  const { kept, dropped } = capEvents(events);
  await repo.insertContext(
    db,
    {
      submission_id: submissionId,
      origin,
      metadata: JSON.stringify(input.metadata ?? {}),
      identity: input.identity ? JSON.stringify(input.identity) : null,
      dropped_events: Math.min(INT_MAX, (input.dropped_events ?? 0) + dropped),
    },
    kept.map((e, seq) => {
      const { kind, t, ...payload } = e;
      return { submission_id: submissionId, seq, offset_ms: Math.max(-INT_MAX, Math.min(INT_MAX, Math.round(t))), kind, level: levelOf(e), payload: JSON.stringify(payload) };
    }),
  );
}

export async function getSubmissionEvents(ctx: AppContext, accountId: string, submissionId: string): Promise<SubmissionEvents> {
  const context = await repo.findContext(ctx.db, accountId, submissionId);
  if (!context) throw notFound('Submission');
  const rows = context.metadata === null ? [] : await repo.listEvents(ctx.db, submissionId);
  return {
    events: rows.map(repo.eventOfRow),
    dropped_events: context.dropped_events ?? 0,
    metadata: (context.metadata ?? {}) as WidgetMetadata,
    identity: (context.identity ?? null) as WidgetIdentity | null,
    origin: context.origin ?? null,
  };
}
