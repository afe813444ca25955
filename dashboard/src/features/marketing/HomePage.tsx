import { t } from '../../messages/t.ts';
import { FaqSection } from './landing/FaqSection.tsx';
import { FinalCta } from './landing/FinalCta.tsx';
import { Hero } from './landing/Hero.tsx';
import { HowItWorks } from './landing/HowItWorks.tsx';
import { IntegrationsSection } from './landing/IntegrationsSection.tsx';
import { PricingSection } from './landing/PricingSection.tsx';
import { Steps } from './landing/Steps.tsx';
import { Testimonial } from './landing/Testimonial.tsx';
import { Way } from './landing/Way.tsx';
import { Who } from './landing/Who.tsx';
import { Work } from './landing/Work.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

/** Spec §2 "Landing page": the sections in the spec's order; the footer belongs to the layout. */
export function HomePage() {
  useDocumentMeta(t('marketing.meta.home.description'));
  return (
    <div className={styles.page}>
      <Hero />
      <HowItWorks />
      <Steps />
      <Work />
      <Who />
      <Way />
      <IntegrationsSection />
      <PricingSection />
      <Testimonial />
      <FaqSection />
      <FinalCta />
    </div>
  );
}
