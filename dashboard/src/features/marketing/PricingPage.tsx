import { PLANS, TRIAL_DAYS } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { FaqList } from './faq/FaqList.tsx';
import { PricingPlans } from './pricing/PricingPlans.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

export function PricingPage() {
  useDocumentMeta(t('marketing.meta.pricing.description', { free: PLANS.free.submissionLimit ?? 0, days: TRIAL_DAYS }));
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="pricing-title">
        <h1 id="pricing-title" className={styles.pageTitle}>{t('marketing.pricing.title')}</h1>
        <p className={styles.sectionLead}>{t('marketing.pricing.lead')}</p>
        <PricingPlans headingLevel={2} />
      </section>
      <section className={styles.section} aria-labelledby="faq-title">
        <h2 id="faq-title" className={styles.sectionTitle}>{t('marketing.faq.title')}</h2>
        <FaqList />
      </section>
    </div>
  );
}
