import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** Why a free account cannot connect team chat (spec §9), with the way to change that. */
export function TeamChatPlanNotice() {
  return (
    <p className={styles.muted}>
      {t('integrationsApp.chat.planRequired')} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
}
