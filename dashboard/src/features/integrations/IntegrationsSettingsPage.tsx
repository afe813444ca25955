import { useAtomValue } from 'jotai';
import { t } from '../../messages/t.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { userAtom } from '../auth/userAtom.ts';
import { GitHubCard } from './GitHubCard.tsx';
import { IntegrationCard } from './IntegrationCard.tsx';
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

type CardName = 'slack' | 'teams' | 'zendesk' | 'linear' | 'jira' | 'github' | 'intercom' | 'freshdesk';

/** A card for those who may not manage integrations: what it does (the page says above the cards who may). */
function PendingCard({ name }: { name: CardName }) {
  return <IntegrationCard id={name} name={t(`integrationsApp.${name}.name`)} state="available" description={t(`integrationsApp.${name}.text`)} />;
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
        <IntegrationCard id="email" name={t('integrationsApp.email.name')} state="available" description={t('integrationsApp.email.text')}>
          {user && <NewRecordingEmailToggle />}
        </IntegrationCard>
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
