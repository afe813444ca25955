import { t } from '../../messages/t.ts';
import { ContactForm } from './contact/ContactForm.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

export function ContactPage() {
  useDocumentMeta(t('marketing.meta.contact.description'));
  return (
    <div className={[styles.page, styles.narrow].join(' ')}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('marketing.contact.title')}</h1>
        <p className={styles.sectionLead}>{t('marketing.contact.lead')}</p>
      </header>
      <ContactForm />
    </div>
  );
}
