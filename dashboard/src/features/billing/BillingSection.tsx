import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { PLANS, TRIAL_PLAN, type BillingState, type Warning } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { formatDate, formatNumber } from '../../ui/formatters.ts';
import { billingErrorText, fetchBilling, openPortal, releaseHeld } from './billingApi.ts';
import styles from './billing.module.css';
import '../../messages/en/billing.ts';
import '../../messages/en/common.ts';

const TONE = { critical: 'error', high: 'warning', medium: 'info' } as const;

/** A warning in words; the ones that name a date get it in the viewer's format (the API's message writes ISO). */
function warningText(w: Warning, billing: BillingState): string {
  if (w.code === 'usage_limit_reached' && billing.submission_limit !== null) {
    return t('billing.warnings.usage_limit_reached', { limit: formatNumber(billing.submission_limit), date: formatDate(billing.usage_period_end) });
  }
  if (w.code === 'subscription_canceling' && billing.current_period_end) return t('billing.warnings.subscription_canceling', { date: formatDate(billing.current_period_end) });
  if (w.code === 'trial_ending' && billing.trial_ends_at) return t('billing.warnings.trial_ending', { date: formatDate(billing.trial_ends_at), plan: PLANS[TRIAL_PLAN].name });
  return w.message;
}

/** The account page's billing section: plan, usage, trial, warnings, the portal and held recordings. */
export function BillingSection() {
  const [billing, setBilling] = useState<BillingState>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<'portal' | 'release'>();
  const { allowed: manages } = usePermission('billing.manage');

  const load = useCallback(async () => {
    try {
      setBilling(await fetchBilling());
    } catch (e) {
      setError(billingErrorText(e, t('billing.errors.load')));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const manage = async () => {
    setBusy('portal');
    setError(undefined);
    try {
      window.location.assign((await openPortal()).portal_url);
    } catch (e) {
      setError(billingErrorText(e, t('billing.errors.portal')));
      setBusy(undefined);
    }
  };

  const release = async () => {
    setBusy('release');
    try {
      const result = await releaseHeld();
      setNotice(t('billing.section.released', { count: result.released }));
      await load();
    } catch (e) {
      setError(billingErrorText(e, t('billing.errors.load')));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <Card aria-labelledby="billing-heading" data-testid="billing-section">
      <h2 id="billing-heading" className={styles.planName}>{t('billing.section.heading')}</h2>
      {error && <Banner tone="error">{error}</Banner>}
      {notice && <Banner tone="success" onDismiss={() => setNotice(undefined)}>{notice}</Banner>}
      {!billing && !error && <Spinner label={t('common.loading')} />}
      {billing && (
        <>
          {billing.warnings.length > 0 && (
            <div className={styles.warnings}>
              {billing.warnings.map((w) => (
                <Banner key={w.code} tone={TONE[w.level]}>
                  <span data-warning={w.code} data-level={w.level}>{warningText(w, billing)}</span>
                </Banner>
              ))}
            </div>
          )}
          <dl className={styles.facts}>
            <dt>{t('billing.section.plan')}</dt>
            <dd data-testid="billing-plan">{PLANS[billing.plan].name}</dd>
            <dt>{t('billing.section.interval')}</dt>
            <dd>{t(`billing.section.${billing.billing_interval}`)}</dd>
            <dt>{t('billing.section.usage')}</dt>
            <dd data-testid="billing-usage">
              {billing.submission_limit === null
                ? t('billing.section.usageNoLimit', { used: billing.submissions_used_this_month })
                : t('billing.section.usageLimit', { used: billing.submissions_used_this_month, limit: billing.submission_limit })}
            </dd>
            <dt>{t('billing.section.retention')}</dt>
            <dd>{billing.retention_days === null ? t('billing.section.retentionCustom') : t('billing.section.retentionDays', { days: billing.retention_days })}</dd>
            {billing.trial_active && billing.trial_ends_at && (
              <>
                <dt>{t('billing.section.trialEnds')}</dt>
                <dd>{t('billing.section.trialOf', { plan: PLANS[billing.effective_plan].name, date: formatDate(billing.trial_ends_at) })}</dd>
              </>
            )}
            {billing.current_period_end && billing.subscription_status !== 'canceled' && (
              <>
                <dt>{billing.cancel_at_period_end ? t('billing.section.ends') : t('billing.section.renews')}</dt>
                <dd>{formatDate(billing.current_period_end)}</dd>
              </>
            )}
            {billing.pending_plan && billing.pending_interval && billing.pending_change_at && (
              <>
                <dt />
                <dd>{t('billing.section.pending', { plan: PLANS[billing.pending_plan].name, interval: t(`billing.section.${billing.pending_interval}`), date: formatDate(billing.pending_change_at) })}</dd>
              </>
            )}
          </dl>
          <NotAllowed actions={['billing.manage']} />
          {manages && (
            <div className={styles.actions}>
              <Link to="/upgrade">{t('billing.section.changePlan')}</Link>
              {billing.has_billing_account && (
                <Button variant="secondary" busy={busy === 'portal'} onClick={() => void manage()}>{t('billing.section.manage')}</Button>
              )}
              {billing.warnings.some((w) => w.code === 'submissions_held') && (
                <Button variant="secondary" busy={busy === 'release'} onClick={() => void release()}>{t('billing.section.releaseHeld')}</Button>
              )}
            </div>
          )}
        </>
      )}
    </Card>
  );
}
