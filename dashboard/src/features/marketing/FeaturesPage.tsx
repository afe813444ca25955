import { t } from '../../messages/t.ts';
import { HowItWorks } from './landing/HowItWorks.tsx';
import { Steps } from './landing/Steps.tsx';
import { Way } from './landing/Way.tsx';
import { Work } from './landing/Work.tsx';
import { FinalCta } from './landing/FinalCta.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

export function FeaturesPage() {
  useDocumentMeta(t('marketing.meta.features.description'));
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('marketing.how.title')}</h1>
        <p className={styles.sectionLead}>{t('marketing.hero.lead')}</p>
      </header>
      <HowItWorks />
      <Steps />
      <Work />
      <Way />
      <FinalCta />
    </div>
  );
}
