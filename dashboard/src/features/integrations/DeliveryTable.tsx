import type { AdminAlertDelivery, AlertDelivery } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import styles from './Integrations.module.css';
import { formatDateTime } from '../../ui/formatters.ts';
import '../../messages/en/integrationsApp.ts';
import '../../messages/en/adminAlerts.ts';


type Row = AlertDelivery & Partial<Pick<AdminAlertDelivery, 'account_name' | 'channel'>> & { ticket_id?: string };

const finished = (d: Row) => d.status === 'failed' || d.status === 'succeeded';

/**
 * Deliveries as a table: an endpoint's log (with Replay) on /my/integrations, or every account's with the account and
 * channel columns on the admin screens. Replay is offered for the rows `canReplay` accepts (finished ones by default).
 */
export function DeliveryTable({
  items,
  withAccount = false,
  ticketColumn = false,
  ticketLabel = t('integrationsApp.zendeskCard.ticket'),
  label = t('integrationsApp.webhooks.log'),
  onReplay,
  canReplay = finished,
}: {
  items: Row[];
  withAccount?: boolean;
  /** The helpdesk ticket each delivery wrote to (the Zendesk sync log). */
  ticketColumn?: boolean;
  /** That column's heading: Ticket, or Conversation for Intercom. */
  ticketLabel?: string;
  /** The table's accessible name. */
  label?: string;
  onReplay?(id: string): void;
  canReplay?(d: Row): boolean;
}) {
  return (
    <table className={styles.table} aria-label={label}>
      <thead>
        <tr>
          <th>{t('integrationsApp.webhooks.logTime')}</th>
          {withAccount && <th>{t('adminAlerts.account')}</th>}
          {withAccount && <th>{t('adminAlerts.channel')}</th>}
          {ticketColumn && <th>{ticketLabel}</th>}
          <th>{t('integrationsApp.webhooks.logEvent')}</th>
          <th>{t('integrationsApp.webhooks.logStatus')}</th>
          <th>{t('integrationsApp.webhooks.logAttempts')}</th>
          <th>{t('integrationsApp.webhooks.logDuration')}</th>
          <th>{t('integrationsApp.webhooks.logResponse')}</th>
          {onReplay && <th />}
        </tr>
      </thead>
      <tbody>
        {items.map((d) => (
          <tr key={d.id}>
            <td>{formatDateTime(d.last_attempt_at ?? d.created_at)}</td>
            {withAccount && <td>{d.account_name}</td>}
            {withAccount && <td>{d.channel}</td>}
            {ticketColumn && <td>#{d.ticket_id}</td>}
            <td>{d.event_type}</td>
            <td>
              <span className={`${styles.badge} ${styles[d.status]}`}>{t(`integrationsApp.webhooks.deliveryStatus.${d.status}`)}</span>
              {d.last_status !== null && <span className={styles.code}> {d.last_status}</span>}
              {d.status === 'pending' && d.next_attempt_at && <div className={styles.muted}>{t('integrationsApp.webhooks.nextAttempt', { time: formatDateTime(d.next_attempt_at) })}</div>}
            </td>
            <td>{d.attempts}</td>
            <td>{d.duration_ms === null ? '—' : `${d.duration_ms} ms`}</td>
            <td className={styles.excerpt}>{d.last_excerpt ?? ''}</td>
            {onReplay && <td>{canReplay(d) && <Button size="small" variant="ghost" onClick={() => onReplay(d.id)}>{t('integrationsApp.webhooks.replay')}</Button>}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
