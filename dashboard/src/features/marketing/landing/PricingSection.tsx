import { t } from '../../../messages/t.ts';
import { PricingPlans } from '../pricing/PricingPlans.tsx';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import '../../../messages/en/marketing.ts';

export function PricingSection() {
  return (
    <Reveal id="pricing" labelledBy="pricing-title">
      <h2 id="pricing-title" className={styles.sectionTitle}>{t('marketing.pricing.title')}</h2>
      <p className={styles.sectionLead}>{t('marketing.pricing.lead')}</p>
      <PricingPlans />
    </Reveal>
  );
}
