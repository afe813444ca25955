import { t } from '../../messages/t.ts';
import { FaqList } from './faq/FaqList.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

export function FaqPage() {
  useDocumentMeta(t('marketing.meta.faq.description'));
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="faq-title">
        <h1 id="faq-title" className={styles.pageTitle}>{t('marketing.faq.title')}</h1>
        <FaqList headingLevel={2} />
      </section>
    </div>
  );
}
