import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { BILLING_INTERVALS, PLANS, planPrice, type BillingInterval, type BillingState, type PlanId, type SubscriptionPreview } from '@showback/contract';
import { ApiError } from '../../app/api.ts';
import { signInPathFor } from '../../app/paths.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { formatDate } from '../../ui/formatters.ts';
import { billingErrorText, fetchBilling, formatMoney, previewChange, startCheckout, updateSubscription } from './billingApi.ts';
import styles from './billing.module.css';
import '../../messages/en/billing.ts';
import '../../messages/en/common.ts';

const PAID: PlanId[] = ['starter', 'growth', 'scale'];
const isPlan = (value: string | null): value is PlanId => value !== null && value in PLANS;
const isInterval = (value: string | null): value is BillingInterval => BILLING_INTERVALS.includes(value as BillingInterval);
const LIVE = new Set(['active', 'trialing', 'past_due']);

/** /upgrade: plan cards; checkout for accounts without a subscription, preview → confirm for paying ones. */
export function UpgradePage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [billing, setBilling] = useState<BillingState>();
  const [interval, setInterval] = useState<BillingInterval>(isInterval(params.get('interval')) ? (params.get('interval') as BillingInterval) : 'monthly');
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<PlanId>();
  const [preview, setPreview] = useState<SubscriptionPreview>();
  const autoStarted = useRef(false);
  // Members see the plans and prices, and who may choose one, but are offered no choice the API would refuse.
  const { allowed: mayChoose } = usePermission('billing.manage');

  const load = useCallback(async () => {
    try {
      setBilling(await fetchBilling());
    } catch (e) {
      setError(billingErrorText(e, t('billing.errors.load')));
    }
  }, []);
  useEffect(() => void load(), [load]);

  const subscribed = billing ? LIVE.has(billing.subscription_status) : false;

  const checkout = useCallback(async (plan: PlanId, chosen: BillingInterval) => {
    setError(undefined);
    setBusy(plan);
    try {
      const { checkout_url } = await startCheckout(plan, chosen);
      window.location.assign(checkout_url);
    } catch (e) {
      setBusy(undefined);
      // Spec §8: a 401 sends the person to sign in and back here.
      if (e instanceof ApiError && e.status === 401) navigate(signInPathFor(location));
      else {
        console.error('checkout', e);
        setError(billingErrorText(e, t('billing.errors.checkout')));
      }
    }
  }, [location, navigate]);

  // A plan chosen on the pricing page arrives as ?plan=&interval=: a free account goes straight to checkout.
  useEffect(() => {
    const plan = params.get('plan');
    if (autoStarted.current || !mayChoose || !billing || subscribed || !isPlan(plan) || !PLANS[plan].checkout) return;
    autoStarted.current = true;
    void checkout(plan, interval);
  }, [mayChoose, billing, subscribed, params, interval, checkout]);

  const choose = async (plan: PlanId) => {
    if (!subscribed) return checkout(plan, interval);
    setError(undefined);
    setNotice(undefined);
    setBusy(plan);
    try {
      setPreview(await previewChange(plan, interval));
    } catch (e) {
      setError(billingErrorText(e, t('billing.errors.preview')));
    } finally {
      setBusy(undefined);
    }
  };

  const confirm = async () => {
    if (!preview) return;
    setBusy(preview.new_plan);
    setError(undefined);
    try {
      const result = await updateSubscription(preview.new_plan, preview.new_interval);
      setBilling(result.billing);
      setNotice(result.status === 'applied'
        ? t('billing.preview.applied', { plan: PLANS[preview.new_plan].name })
        : t('billing.preview.scheduled', { plan: PLANS[preview.new_plan].name, date: formatDate(result.effective_date) }));
      setPreview(undefined);
    } catch (e) {
      setError(billingErrorText(e, t('billing.errors.update')));
    } finally {
      setBusy(undefined);
    }
  };

  const currentPlan = billing?.plan;
  const currentInterval = billing?.billing_interval;

  return (
    <div className={styles.page}>
      <PageHeader title={t('billing.upgrade.heading')} subtitle={t('billing.upgrade.intro')} />
      <NotAllowed actions={['billing.manage']} />
      {error && <Banner tone="error" onDismiss={() => setError(undefined)}>{error}</Banner>}
      {notice && <Banner tone="success" onDismiss={() => setNotice(undefined)}>{notice}</Banner>}
      {billing?.trial_active && billing.trial_ends_at && !subscribed && (
        <Banner tone="info">{t('billing.upgrade.trialNote', { plan: PLANS[billing.effective_plan].name, date: formatDate(billing.trial_ends_at) })}</Banner>
      )}
      {!billing && !error && <Spinner label={t('common.loading')} />}
      {busy && !subscribed && <p className={styles.muted} role="status">{t('billing.upgrade.startingCheckout')}</p>}

      <div className={styles.toggle} role="group" aria-label={t('billing.section.interval')}>
        {BILLING_INTERVALS.map((value) => (
          <button key={value} type="button" aria-pressed={interval === value} onClick={() => { setInterval(value); setPreview(undefined); }} data-interval={value}>
            {t(`billing.upgrade.${value}`)}
            {value === 'annual' && ` · ${t('billing.upgrade.twoMonthsFree')}`}
          </button>
        ))}
      </div>

      <ul className={styles.plans}>
        {PAID.map((id) => {
          const plan = PLANS[id];
          const price = planPrice(plan, interval) ?? 0;
          const isCurrent = subscribed && currentPlan === id && currentInterval === interval;
          return (
            <li key={id}>
              <Card className={styles.plan} data-plan={id}>
                <h2 className={styles.planName}>{plan.name}</h2>
                <p className={styles.price}>
                  ${price.toLocaleString('en-US')} <small>{interval === 'annual' ? t('billing.upgrade.perYear') : t('billing.upgrade.perMonth')}</small>
                </p>
                <p className={styles.muted}>{t('billing.upgrade.recordings', { count: (plan.submissionLimit ?? 0).toLocaleString('en-US') })}</p>
                <p className={styles.muted}>{t('billing.upgrade.retention', { days: plan.retentionDays ?? 0 })}</p>
                {isCurrent ? (
                  <p className={styles.muted}><strong>{t('billing.upgrade.current')}</strong></p>
                ) : (
                  mayChoose && <Button variant={id === 'growth' ? 'primary' : 'secondary'} busy={busy === id} disabled={!billing || busy !== undefined} onClick={() => void choose(id)}>
                    {subscribed ? t('billing.upgrade.switchTo', { plan: plan.name }) : t('billing.upgrade.choose', { plan: plan.name })}
                  </Button>
                )}
              </Card>
            </li>
          );
        })}
        <li>
          <Card className={styles.plan} data-plan="enterprise">
            <h2 className={styles.planName}>{PLANS.enterprise.name}</h2>
            <p className={styles.price}>{t('billing.upgrade.custom')}</p>
            <p className={styles.muted}>{PLANS.enterprise.services.join(' · ')}</p>
            <Link to="/contact?topic=enterprise">{t('billing.upgrade.contactSales')}</Link>
          </Card>
        </li>
      </ul>

      {preview && (
        <Card aria-labelledby="preview-heading" data-testid="change-preview">
          <h2 id="preview-heading" className={styles.planName}>{t('billing.preview.heading')}</h2>
          <p className={styles.muted}>
            {t('billing.preview.from', {
              plan: PLANS[preview.current_plan].name,
              interval: t(`billing.section.${preview.current_interval}`),
              newPlan: PLANS[preview.new_plan].name,
              newInterval: t(`billing.section.${preview.new_interval}`),
            })}
          </p>
          <dl className={styles.facts}>
            <dt>{t('billing.preview.dueNow')}</dt>
            <dd data-testid="amount-due-now">{formatMoney(preview.amount_due_now, preview.currency)}</dd>
            <dt>{t('billing.preview.nextInvoice')}</dt>
            <dd>{t('billing.preview.nextInvoiceOn', { amount: formatMoney(preview.next_invoice_amount, preview.currency), date: formatDate(preview.next_invoice_date) })}</dd>
            <dt>{t('billing.preview.effective')}</dt>
            <dd>{preview.timing === 'immediate' ? t('billing.preview.now') : formatDate(preview.effective_date)}</dd>
          </dl>
          {preview.lines.length > 0 && (
            <table className={styles.lines} aria-label={t('billing.preview.lines')}>
              <tbody>
                {preview.lines.map((line, i) => (
                  <tr key={i}>
                    <td>{line.description}</td>
                    <td>{formatMoney(line.amount, preview.currency)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <div className={styles.actions}>
            <Button busy={busy === preview.new_plan} onClick={() => void confirm()}>{t('billing.preview.confirm')}</Button>
            <Button variant="ghost" disabled={busy !== undefined} onClick={() => setPreview(undefined)}>{t('billing.preview.cancel')}</Button>
          </div>
        </Card>
      )}
    </div>
  );
}
