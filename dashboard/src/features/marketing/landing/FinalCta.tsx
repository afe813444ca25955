import { Link } from 'react-router-dom';
import { PLANS } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import { buttonClassName } from '../../../ui/Button.tsx';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import '../../../messages/en/marketing.ts';

export function FinalCta() {
  return (
    <Reveal id="contact" labelledBy="cta-title" className={styles.cta}>
      <h2 id="cta-title" className={styles.sectionTitle}>{t('marketing.cta.title')}</h2>
      <p>{t('marketing.cta.text', { count: PLANS.free.submissionLimit ?? 0 })}</p>
      <p className={styles.ctaActions}>
        <Link to="/sign-up" className={buttonClassName()}>{t('marketing.cta.button')}</Link>
        <Link to="/contact" className={buttonClassName({ variant: 'secondary' })}>{t('marketing.cta.contact')}</Link>
      </p>
    </Reveal>
  );
}
