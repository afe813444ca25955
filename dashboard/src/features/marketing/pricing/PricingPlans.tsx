import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PLAN_IDS, PLANS, TRIAL_DAYS, planPrice, type BillingInterval, type Plan } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import { buttonClassName } from '../../../ui/Button.tsx';
import { Icon } from '../landing/icons.tsx';
import styles from '../marketing.module.css';
import { planTarget } from './planTarget.ts';
import { useBillingUsage } from './useBillingUsage.ts';
import '../../../messages/en/marketing.ts';

// The plans are priced in US dollars for an English page: digit grouping by hand, because the first Intl number
// formatter a page builds loads ICU's data, about 60 ms of a phone's main thread while the landing page hydrates
// (toLocaleString, before, built a formatter per call: twice that).
const format = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

function features(plan: Plan): string[] {
  const list: string[] = [];
  const limit = plan.submissionLimit;
  if (limit === null) list.push(t('marketing.pricing.recordingsCustom'));
  else list.push(t(plan.watermark ? 'marketing.pricing.recordingsWatermarked' : 'marketing.pricing.recordings', { count: format(limit) }));
  list.push(plan.retentionDays === null ? t('marketing.pricing.retentionCustom') : t('marketing.pricing.retention', { days: plan.retentionDays }));
  if (plan.seats === null) list.push(t('marketing.pricing.usersCustom'));
  else list.push(plan.seats === 1 ? t('marketing.pricing.usersOne') : t('marketing.pricing.usersMany', { count: plan.seats }));
  list.push(t(`marketing.pricing.support.${plan.support}`));
  if (plan.chatIntegrations) list.push(t('marketing.pricing.chatIntegrations'));
  if (plan.widgetEmbed) list.push(t('marketing.pricing.widget'));
  if (plan.brandedSubdomain) list.push(t('marketing.pricing.subdomain'));
  if (plan.zendesk) list.push(t('marketing.pricing.zendesk'));
  list.push(...plan.services);
  return list;
}

function Price({ plan, interval }: { plan: Plan; interval: BillingInterval }) {
  const price = planPrice(plan, interval);
  if (price === null) return <p className={styles.price} data-price="custom">{t('marketing.pricing.custom')}</p>;
  return (
    <p className={styles.price} data-price={price}>
      <span className={styles.priceAmount}>${format(price)}</span>
      <span className={styles.pricePeriod}>{interval === 'annual' ? t('marketing.pricing.perYear') : t('marketing.pricing.perMonth')}</span>
    </p>
  );
}

/** The plan cards of the landing section and /pricing, all figures from the one plan table in contract/. */
export function PricingPlans({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const [interval, setInterval] = useState<BillingInterval>('monthly');
  const { signedIn, usage, failed, plan: viewerPlan } = useBillingUsage();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <div>
      <div className={styles.toggle} role="group" aria-label={t('marketing.pricing.intervalLabel')}>
        {(['monthly', 'annual'] as const).map((value) => (
          <button key={value} type="button" aria-pressed={interval === value} className={styles.toggleButton} onClick={() => setInterval(value)} data-interval={value}>
            {t(`marketing.pricing.${value}`)}
            {value === 'annual' && <span className={styles.toggleNote}> · {t('marketing.pricing.twoMonthsFree')}</span>}
          </button>
        ))}
      </div>
      {signedIn && usage && (
        <p className={styles.usage} role="status">
          {usage.limit === null
            ? t('marketing.pricing.usageUnlimited', { used: usage.used })
            : t('marketing.pricing.usage', { used: usage.used, limit: usage.limit })}
        </p>
      )}
      {signedIn && failed && <p className={styles.usage} role="status">{t('marketing.pricing.usageFailed')}</p>}
      <ul className={styles.plans}>
        {PLAN_IDS.map((id) => {
          const plan = PLANS[id];
          const current = signedIn && viewerPlan === id;
          const label = id === 'enterprise' ? t('marketing.pricing.contactSales') : id === 'free' ? t('marketing.pricing.startFree') : t('marketing.pricing.choose', { plan: plan.name });
          return (
            <li key={id} className={[styles.plan, id === 'growth' ? styles.planFeatured : ''].join(' ')} data-plan={id}>
              <Heading className={styles.planName}>{plan.name}</Heading>
              {id === 'growth' && <p className={styles.badge}>{t('marketing.pricing.popular')}</p>}
              <Price plan={plan} interval={interval} />
              <p className={styles.planNote}>
                {id === 'enterprise' ? t('marketing.pricing.enterpriseText') : plan.checkout ? t('marketing.pricing.trial', { days: TRIAL_DAYS }) : t('marketing.pricing.noCard')}
              </p>
              <ul className={styles.planFeatures}>
                {features(plan).map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={18} /> {feature}
                  </li>
                ))}
              </ul>
              {current ? (
                <p className={styles.badgeMuted}>{t('marketing.pricing.currentPlan')}</p>
              ) : (
                <Link
                  to={planTarget(id, interval, { signedIn, plan: viewerPlan })}
                  className={buttonClassName({ variant: id === 'growth' ? 'primary' : 'secondary', block: true })}
                >
                  {label}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
