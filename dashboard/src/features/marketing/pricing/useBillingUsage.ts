import { useEffect, useState } from 'react';
import type { PlanId, User } from '@showback/contract';
import { api } from '../../../app/api.ts';
import { useUserAfterHydration } from '../../auth/useUserAfterHydration.ts';

export interface BillingUsage {
  plan: PlanId;
  used: number;
  limit: number | null;
}

type AccountWithUsage = User['account'] & { submissions_used_this_month?: number; submission_limit?: number | null };

/** Billing usage for an authenticated viewer only (spec §2): visitors never trigger the current-user call. */
export function useBillingUsage(): { signedIn: boolean; plan: PlanId | undefined; usage: BillingUsage | undefined; failed: boolean } {
  const user = useUserAfterHydration();
  const signedIn = Boolean(user?.id);
  const [usage, setUsage] = useState<BillingUsage>();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api
      .get<User>('users/me', { signal: controller.signal })
      .then((me) => {
        const account = me.account as AccountWithUsage;
        setUsage({ plan: account.plan, used: account.submissions_used_this_month ?? 0, limit: account.submission_limit ?? null });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          console.error('billing usage', error);
          setFailed(true);
        }
      });
    return () => controller.abort();
  }, [signedIn]);

  return { signedIn, plan: usage?.plan ?? user?.account?.plan, usage, failed };
}
