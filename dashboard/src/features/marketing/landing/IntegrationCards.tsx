import { Link } from 'react-router-dom';
import { t } from '../../../messages/t.ts';
import { useUserAfterHydration } from '../../auth/useUserAfterHydration.ts';
import styles from '../marketing.module.css';
import { Icon, type IconName } from './icons.tsx';
import '../../../messages/en/marketing.ts';
import '../../../messages/en/app.ts';

type CardKey = 'slack' | 'zapier' | 'teams' | 'zendesk' | 'intercom' | 'freshdesk';

/** Spec §2 "Integration cards": team chat, automation, teams chat and the help-desk tools (Zendesk, Intercom and Freshdesk available). */
export const INTEGRATION_CARDS: { key: CardKey; icon: IconName; comingSoon: boolean }[] = [
  { key: 'slack', icon: 'chat', comingSoon: false },
  { key: 'zapier', icon: 'zap', comingSoon: false },
  { key: 'teams', icon: 'teams', comingSoon: true },
  { key: 'zendesk', icon: 'desk', comingSoon: false },
  { key: 'intercom', icon: 'chat', comingSoon: false },
  { key: 'freshdesk', icon: 'desk', comingSoon: false },
];

/** Actions exist only for a signed-in viewer (spec §2); on the public site they lead to the settings page. */
export function IntegrationCards({ headingLevel = 3 }: { headingLevel?: 2 | 3 }) {
  const user = useUserAfterHydration();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ul className={styles.grid3}>
      {INTEGRATION_CARDS.map(({ key, icon, comingSoon }) => (
        <li key={key} className={styles.card} data-integration={key}>
          <div className={styles.cardHead}>
            <span className={styles.iconBadge}><Icon name={icon} /></span>
            <span className={comingSoon ? styles.badgeMuted : styles.badge}>
              {comingSoon ? t('marketing.integrations.comingSoon') : t('marketing.integrations.available')}
            </span>
          </div>
          <Heading>{t(`marketing.integrations.${key}.name`)}</Heading>
          <p>{t(`marketing.integrations.${key}.text`)}</p>
          {!comingSoon && user?.id && (
            <Link to={key === 'zapier' ? '/my/zapier' : '/my/integrations'} className={styles.cardLink}>
              {t('app.integrations')} →
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
