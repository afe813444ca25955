import { USAGE_APPROACHING_PERCENT, USAGE_REACHED_PERCENT, type User } from '@showback/contract';

export interface Usage {
  used: number;
  /** null: the plan has no limit. */
  limit: number | null;
  level: 'normal' | 'approaching' | 'reached';
}

interface UsageFields {
  submissions_used_this_month?: unknown;
  submission_limit?: unknown;
}

/** This month's usage from the account's billing state on GET /users/me (spec §3), or undefined without it. */
export function readUsage(user: User | null): Usage | undefined {
  const account = user?.account as UsageFields | undefined;
  if (!account || typeof account.submissions_used_this_month !== 'number') return undefined;
  const used = account.submissions_used_this_month;
  const limit = typeof account.submission_limit === 'number' ? account.submission_limit : null;
  const percent = limit ? (used / limit) * 100 : 0;
  const level = limit === null ? 'normal' : percent >= USAGE_REACHED_PERCENT ? 'reached' : percent >= USAGE_APPROACHING_PERCENT ? 'approaching' : 'normal';
  return { used, limit, level };
}
