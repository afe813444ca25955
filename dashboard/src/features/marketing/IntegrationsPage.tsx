import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { IntegrationCards } from './landing/IntegrationCards.tsx';
import { Icon } from './landing/icons.tsx';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

export function IntegrationsPage() {
  useDocumentMeta(t('marketing.meta.integrations.description'));
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-labelledby="integrations-title">
        <h1 id="integrations-title" className={styles.pageTitle}>{t('marketing.integrations.title')}</h1>
        <p className={styles.sectionLead}>{t('marketing.integrations.lead')}</p>
        <IntegrationCards headingLevel={2} />
      </section>
      <section className={styles.section} aria-labelledby="builtin-title">
        <h2 id="builtin-title" className={styles.sectionTitle}>{t('marketing.integrations.builtIn')}</h2>
        <ul className={styles.grid2}>
          <li className={styles.card}>
            <span className={styles.iconBadge}><Icon name="mail" /></span>
            <h3>{t('marketing.integrations.email.name')}</h3>
            <p>{t('marketing.integrations.email.text')}</p>
          </li>
          <li className={styles.card}>
            <span className={styles.iconBadge}><Icon name="link" /></span>
            <h3>{t('marketing.integrations.webhooks.name')}</h3>
            <p>{t('marketing.integrations.webhooks.text')}</p>
          </li>
        </ul>
        <p className={styles.center}>
          <Link to="/docs/zapier">{t('marketing.integrations.zapierGuide')}</Link>
        </p>
      </section>
    </div>
  );
}
