import { Link } from 'react-router-dom';
import { t } from '../../../messages/t.ts';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import { IntegrationCards } from './IntegrationCards.tsx';
import '../../../messages/en/marketing.ts';

export function IntegrationsSection() {
  return (
    <Reveal id="integrations" labelledBy="integrations-title">
      <h2 id="integrations-title" className={styles.sectionTitle}>{t('marketing.integrations.title')}</h2>
      <p className={styles.sectionLead}>{t('marketing.integrations.lead')} {t('marketing.integrations.email.text')}</p>
      <IntegrationCards />
      <p className={styles.center}>
        <Link to="/integrations">{t('marketing.integrations.more')}</Link>
      </p>
    </Reveal>
  );
}
