import { t } from '../../../messages/t.ts';
import { FaqList } from '../faq/FaqList.tsx';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import '../../../messages/en/marketing.ts';

export function FaqSection() {
  return (
    <Reveal id="faq" labelledBy="faq-title">
      <h2 id="faq-title" className={styles.sectionTitle}>{t('marketing.faq.title')}</h2>
      <FaqList />
    </Reveal>
  );
}
