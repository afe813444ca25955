import type { HelpdeskSyncEntry } from '@showback/contract';
import type { ReactNode } from 'react';
import { t, type MessageKey } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { DeliveryTable } from './DeliveryTable.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

interface Props {
  name: string;
  /** Why notes stopped being written, when they did. */
  error: string | null | undefined;
  planAllows: boolean;
  planRequired: MessageKey;
  howItWorks: MessageKey;
  log: HelpdeskSyncEntry[];
  onRefresh(): void;
  onDisconnect(): void;
  disconnecting: boolean;
  ticketLabel?: string;
  /** What this helpdesk adds between how it works and the log (Zendesk's tags, Freshdesk's app token). */
  children?: ReactNode;
}

/**
 * A connected helpdesk's card body below its "connected to" line: notes broken, plan, how it works, then the sync log
 * (every note written back, each attempt's outcome) with Refresh and Disconnect.
 */
export function HelpdeskConnection({ name, error, planAllows, planRequired, howItWorks, log, onRefresh, onDisconnect, disconnecting, ticketLabel, children }: Props) {
  return (
    <>
      {error && (
        <Banner tone="warning">
          <strong>{t('integrationsApp.card.notesBroken', { name })}</strong> {error}
        </Banner>
      )}
      {!planAllows && <PlanNotice text={planRequired} />}
      <p className={styles.muted}>{t(howItWorks)}</p>
      {children}
      <h3 className={styles.cardTitle}>{t('integrationsApp.zendeskCard.syncLog')}</h3>
      {log.length === 0 ? <p className={styles.muted}>{t('integrationsApp.zendeskCard.syncLogEmpty')}</p> : (
        <div className={styles.log}>
          <DeliveryTable items={log} ticketColumn ticketLabel={ticketLabel} label={t('integrationsApp.zendeskCard.syncLog')} />
        </div>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={onRefresh}>
          {t('integrationsApp.zendeskCard.refresh')}
        </Button>
        <Button variant="danger" busy={disconnecting} onClick={onDisconnect}>
          {t('integrationsApp.chat.disconnect')}
        </Button>
      </div>
    </>
  );
}
