import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { isWidgetToken, resolveWidgetToken } from '../widget/widget.service.ts';
import { REQUEST_TOKEN_PATTERN } from './request-token.ts';
import * as repo from './requests.repository.ts';

export type OpenRequest = NonNullable<Awaited<ReturnType<typeof repo.findRequestByToken>>>;

/**
 * The request a recipient's token opens, or the error the recorder shows: unknown → 404, revoked or archived →
 * 410 LINK_REVOKED, past its expiry → 410 LINK_EXPIRED.
 */
export async function resolveToken(ctx: AppContext, token: string | undefined | null): Promise<OpenRequest> {
  // The widget's short-lived session tokens open a request too (its own checks: origin, plan, expiry).
  if (token && isWidgetToken(token)) return resolveWidgetToken(ctx, token);
  if (!token || !REQUEST_TOKEN_PATTERN.test(token)) throw new AppError('NOT_FOUND', 'This recording link does not exist. Check that you copied the whole link.');
  const row = await repo.findRequestByToken(ctx.db, token);
  // 410s name the account, so the recorder can say whom to ask for a new link.
  if (!row) {
    const revoked = await repo.findRevokedToken(ctx.db, token);
    if (revoked) {
      throw new AppError('LINK_REVOKED', 'This recording link has been turned off by its owner. Ask them for a new link.', { details: { account_name: revoked.account_name } });
    }
    throw new AppError('NOT_FOUND', 'This recording link does not exist. Check that you copied the whole link.');
  }
  const details = { account_name: row.account_name };
  if (row.status === 'archived') throw new AppError('LINK_REVOKED', 'This recording request is closed and no longer accepts recordings.', { details });
  if (row.expires_at && new Date(row.expires_at).getTime() <= Date.now()) {
    throw new AppError('LINK_EXPIRED', 'This recording link has expired. Ask the person who sent it for a new one.', { details });
  }
  return row;
}
