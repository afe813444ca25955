import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useSetAtom } from 'jotai';
import { PLANS, type CheckoutStatus } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { billingErrorText, fetchCheckoutStatus, fetchMe } from './billingApi.ts';
import styles from './billing.module.css';
import '../../messages/en/billing.ts';

const POLL_MS = 1000;
const PATIENCE_MS = 60_000;

/**
 * Stripe sends the person here after paying; the plan changes only when Stripe's webhook reaches the API, so the
 * page polls until the account shows the checkout as complete, then refreshes the stored user.
 */
export function CheckoutSuccessPage() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  const setUser = useSetAtom(userAtom);
  const [status, setStatus] = useState<CheckoutStatus>();
  const [slow, setSlow] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!sessionId) return;
    let stopped = false;
    const started = Date.now();
    const poll = async (): Promise<void> => {
      try {
        const next = await fetchCheckoutStatus(sessionId);
        if (stopped) return;
        setStatus(next);
        if (next.status === 'complete') {
          setUser(await fetchMe());
          return;
        }
      } catch (e) {
        if (stopped) return;
        setError(billingErrorText(e, t('billing.errors.load')));
        return;
      }
      if (Date.now() - started > PATIENCE_MS) setSlow(true);
      setTimeout(() => void poll(), POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [sessionId, setUser]);

  return (
    <div className={styles.page}>
      <PageHeader title={t('billing.success.heading')} />
      <Card>
        {!sessionId && <p>{t('billing.success.missing')}</p>}
        {error && <Banner tone="error">{error}</Banner>}
        {sessionId && !error && status?.status !== 'complete' && (
          <div role="status">
            <Spinner label={t('billing.success.waiting')} />
            <p className={styles.muted}>{t('billing.success.waiting')}</p>
            {slow && <p className={styles.muted}>{t('billing.success.slow')}</p>}
          </div>
        )}
        {status?.status === 'complete' && (
          <Banner tone="success">
            <span data-testid="checkout-confirmed">
              {t('billing.success.done', { plan: PLANS[status.plan].name, interval: t(`billing.section.${status.billing_interval}`) })}
            </span>
          </Banner>
        )}
        <p>
          <Link to="/dashboard">{t('billing.success.toDashboard')}</Link>
        </p>
      </Card>
    </div>
  );
}
