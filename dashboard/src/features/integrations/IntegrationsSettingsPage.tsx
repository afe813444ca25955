import { useAtomValue } from 'jotai';
import { t, type MessageKey } from '../../messages/t.ts';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { userAtom } from '../auth/userAtom.ts';
import { GitHubCard } from './GitHubCard.tsx';
import { JiraCard } from './JiraCard.tsx';
import { LinearCard } from './LinearCard.tsx';
import { NewRecordingEmailToggle } from './NewRecordingEmailToggle.tsx';
import { SlackCard } from './SlackCard.tsx';
import { TeamsCard } from './TeamsCard.tsx';
import { WebhooksSection } from './WebhooksSection.tsx';
import { FreshdeskCard } from './FreshdeskCard.tsx';
import { IntercomCard } from './IntercomCard.tsx';
import { ZendeskCard } from './ZendeskCard.tsx';
import { ZapierCard } from './ZapierCard.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

type CardName = 'slack' | 'zapier' | 'teams' | 'zendesk' | 'linear' | 'jira' | 'github' | 'intercom' | 'freshdesk';

/**
 * A card that only describes: an integration not built yet ("Coming soon" badge), or one whose settings only the
 * owner and admins see (no badge; the page says why above the cards).
 */
function PendingCard({ name, badge }: { name: CardName; badge?: MessageKey }) {
  return (
    <Card className={styles.card} data-integration={name}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t(`integrationsApp.${name}.name`)}</h2>
        {badge && <span className={`${styles.badge} ${styles.soon}`}>{t(badge)}</span>}
      </div>
      <p className={styles.muted}>{t(`integrationsApp.${name}.text`)}</p>
    </Card>
  );
}

/** /my/integrations: the spec's cards (§2) and the account's webhooks. */
export function IntegrationsSettingsPage() {
  const user = useAtomValue(userAtom);
  const { allowed: manages } = usePermission('integrations.manage');
  return (
    <div className={styles.page}>
      <PageHeader title={t('integrationsApp.title')} subtitle={t('integrationsApp.subtitle')} />
      <NotAllowed actions={['integrations.manage']} />
      <div className={styles.cards}>
        {manages ? <SlackCard /> : <PendingCard name="slack" />}
        <ZapierCard signedIn={!!user} />
        {manages ? <TeamsCard /> : <PendingCard name="teams" />}
        <Card className={styles.card} data-integration="email">
          <div className={styles.cardHead}>
            <h2 className={styles.cardTitle}>{t('integrationsApp.email.name')}</h2>
            <span className={`${styles.badge} ${styles.enabled}`}>{t('integrationsApp.available')}</span>
          </div>
          <p className={styles.muted}>{t('integrationsApp.email.text')}</p>
          {user && <NewRecordingEmailToggle />}
        </Card>
        {manages ? <ZendeskCard /> : <PendingCard name="zendesk" />}
        {manages ? <LinearCard /> : <PendingCard name="linear" />}
        {manages ? <JiraCard /> : <PendingCard name="jira" />}
        {manages ? <GitHubCard /> : <PendingCard name="github" />}
        {manages ? <IntercomCard /> : <PendingCard name="intercom" />}
        {manages ? <FreshdeskCard /> : <PendingCard name="freshdesk" />}
      </div>
      {manages && <WebhooksSection />}
    </div>
  );
}
