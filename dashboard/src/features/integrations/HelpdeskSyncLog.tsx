import type { HelpdeskSyncEntry } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { DeliveryTable } from './DeliveryTable.tsx';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

/** A connected helpdesk's sync log (every note written back, each attempt's outcome) with Refresh and Disconnect. */
export function HelpdeskSyncLog({ log, onRefresh, onDisconnect, disconnecting, ticketLabel }: { log: HelpdeskSyncEntry[]; onRefresh(): void; onDisconnect(): void; disconnecting: boolean; ticketLabel?: string }) {
  return (
    <>
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
