import type { CreateSubmission, ReleaseHeldResult } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { createSubmission } from '../submissions/submissions.service.ts';
import * as repo from './billing.repository.ts';

/**
 * Accepts recordings that were refused at the monthly limit, oldest first, through the normal submission path (so
 * they count, get processed and notify like any other) until the limit stops them again.
 */
export async function releaseHeldSubmissions(ctx: AppContext, accountId: string): Promise<ReleaseHeldResult> {
  const held = await repo.listHeld(ctx.db, accountId);
  let released = 0;
  let failed = 0;
  for (const row of held) {
    const { token, input } = row.payload as { token: string; input: CreateSubmission };
    try {
      const created = await createSubmission(ctx, token, input);
      await repo.releaseHeld(ctx.db, row.id, created.id);
      released += 1;
    } catch (error) {
      if (error instanceof AppError && error.code === 'USAGE_LIMIT_REACHED') break;
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      await repo.releaseHeld(ctx.db, row.id, null);
      failed += 1;
    }
  }
  return { released, failed, still_held: held.length - released - failed };
}
