import { useAtomValue } from 'jotai';
import { t, type MessageKey } from '../../messages/t.ts';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { NewRecordingEmailToggle } from './NewRecordingEmailToggle.tsx';
import { SlackCard } from './SlackCard.tsx';
import { TeamsCard } from './TeamsCard.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import { ZendeskCard } from './ZendeskCard.tsx';
import { ZapierCard } from './ZapierCard.tsx';
import styles from './Integrations.module.css';

type CardName = 'slack' | 'zapier' | 'teams' | 'zendesk' | 'intercom' | 'freshdesk';

/** A card without actions: for members (who do not manage integrations) and the helpdesks not built yet. */
function PendingCard({ name, badge }: { name: CardName; badge: MessageKey }) {
  return (
    <Card className={styles.card} data-integration={name}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t(`integrationsApp.${name}.name`)}</h2>
        <span className={`${styles.badge} ${styles.soon}`}>{t(badge)}</span>
      </div>
      <p className={styles.muted}>{t(`integrationsApp.${name}.text`)}</p>
    </Card>
  );
}

/** /my/integrations: the spec's cards (§2) and the account's webhooks. */
export function IntegrationsSettingsPage() {
  const user = useAtomValue(userAtom);
  const manages = user?.role === 'owner' || user?.role === 'admin';
  return (
    <div className={styles.page}>
      <PageHeader title={t('integrationsApp.title')} subtitle={t('integrationsApp.subtitle')} />
      <div className={styles.cards}>
        {manages ? <SlackCard /> : <PendingCard name="slack" badge="integrationsApp.available" />}
        <ZapierCard signedIn={!!user} />
        {manages ? <TeamsCard /> : <PendingCard name="teams" badge="integrationsApp.comingSoon" />}
        <Card className={styles.card} data-integration="email">
          <div className={styles.cardHead}>
            <h2 className={styles.cardTitle}>{t('integrationsApp.email.name')}</h2>
            <span className={`${styles.badge} ${styles.enabled}`}>{t('integrationsApp.available')}</span>
          </div>
          <p className={styles.muted}>{t('integrationsApp.email.text')}</p>
          {user && <NewRecordingEmailToggle />}
        </Card>
        {manages ? <ZendeskCard /> : <PendingCard name="zendesk" badge="integrationsApp.available" />}
        <PendingCard name="intercom" badge="integrationsApp.comingSoon" />
        <PendingCard name="freshdesk" badge="integrationsApp.comingSoon" />
      </div>
      {manages ? <WebhooksSection /> : <p className={styles.muted}>{t('integrationsApp.webhooks.adminsOnly')}</p>}
    </div>
  );
}
