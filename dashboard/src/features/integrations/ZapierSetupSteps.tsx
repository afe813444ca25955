import { t } from '../../messages/t.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** The 4 setup steps (spec §2), in the key modal and on /my/zapier. */
export function ZapierSetupSteps() {
  return (
    <ol className={styles.steps}>
      <li>{t('integrationsApp.zapierCard.step1')}</li>
      <li>{t('integrationsApp.zapierCard.step2')}</li>
      <li>{t('integrationsApp.zapierCard.step3')}</li>
      <li>{t('integrationsApp.zapierCard.step4')}</li>
    </ol>
  );
}
