import type { BillingState, User } from '@showback/contract';
import type { AccountRow, UserRow } from '../../db/schema.ts';
import { iso } from '../../db/iso.ts';

export type SerializedUserColumns = Pick<UserRow, 'id' | 'name' | 'email' | 'role' | 'is_sysadmin' | 'must_change_password'>;
export type SerializedAccountColumns = Pick<AccountRow, 'id' | 'name' | 'onboarding_completed' | 'plan' | 'billing_interval' | 'trial_ends_at'>;

/** The one place a user becomes JSON (GET /users/me, sign-in, sign-up, updates). Billing adds its fields here. */
export function serializeUser(user: SerializedUserColumns, account: SerializedAccountColumns, billing: BillingState): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    is_sysadmin: user.is_sysadmin,
    must_change_password: user.must_change_password,
    account: {
      id: account.id,
      name: account.name,
      onboarding_completed: account.onboarding_completed,
      plan: account.plan as User['account']['plan'],
      billing_interval: account.billing_interval as User['account']['billing_interval'],
      trial_ends_at: iso(account.trial_ends_at),
      effective_plan: billing.effective_plan,
      trial_active: billing.trial_active,
      submissions_used_this_month: billing.submissions_used_this_month,
      submission_limit: billing.submission_limit,
      submission_limit_percentage: billing.submission_limit_percentage,
      retention_days: billing.retention_days,
    },
    warnings: billing.warnings,
  };
}
