import { Link } from 'react-router-dom';
import { t, type MessageKey } from '../../messages/t.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Why this account cannot connect an integration (`text` names the plans that can), with the way to change that. */
export function PlanNotice({ text }: { text: MessageKey }) {
  return (
    <p className={styles.muted}>
      {t(text)} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
}
