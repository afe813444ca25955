import type { AlertDelivery, WebhookEndpoint, WebhookSecret } from '@showback/contract';
import { useState } from 'react';
import { useAction } from '../../app/useAction.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { DeliveryTable } from './DeliveryTable.tsx';
import { deleteEndpoint, eventName, listDeliveries, replayDelivery, revealSecret, rotateSecret, sendTestEvent, updateEndpoint } from './alertsApi.ts';
import styles from './Integrations.module.css';
import { formatDateTime } from '../../ui/formatters.ts';
import '../../messages/en/integrationsApp.ts';


interface Props {
  endpoint: WebhookEndpoint;
  onChange(endpoint: WebhookEndpoint): void;
  onDelete(id: string): void;
}

/** One endpoint: status, secret (revealed on demand, rotatable), test event, pause/resume, delete and its delivery log. */
export function WebhookEndpointItem({ endpoint, onChange, onDelete }: Props) {
  const [secret, setSecret] = useState<WebhookSecret | undefined>(undefined);
  const [log, setLog] = useState<AlertDelivery[] | undefined>(undefined);
  const { busy, error: failed, setError: setFailed, run } = useAction<string>();
  const toast = useToast();
  const confirm = useConfirm();

  const act = (name: string, action: () => Promise<void>) => run(name, action, t('integrationsApp.webhooks.actionFailed'));
  const loadLog = () => act('log', async () => setLog(await listDeliveries(endpoint.id)));

  return (
    <li className={styles.endpoint} aria-label={endpoint.url}>
      <div className={styles.endpointHead}>
        <div>
          <code className={styles.url}>{endpoint.url}</code>
          {endpoint.description && <p className={styles.muted}>{endpoint.description}</p>}
          <p className={styles.muted}>{endpoint.events.map((e) => t(eventName(e))).join(' · ')}</p>
        </div>
        <span className={`${styles.badge} ${styles[endpoint.status]}`}>{t(`integrationsApp.webhooks.status.${endpoint.status}`)}</span>
      </div>
      {endpoint.disabled_reason && <Banner tone="warning">{endpoint.disabled_reason}</Banner>}
      {failed && <Banner tone="error" onDismiss={() => setFailed(undefined)}>{failed}</Banner>}
      {secret && (
        <div className={styles.secret}>
          <span className={styles.muted}>{t('integrationsApp.webhooks.secretLabel')}</span>
          <code data-testid="webhook-secret">{secret.secret}</code>
          <Button size="small" variant="secondary" onClick={() => void navigator.clipboard.writeText(secret.secret).then(() => toast.show({ tone: 'success', message: t('integrationsApp.webhooks.copied'), lifetimeMs: TOAST_LIFETIME.copy }))}>
            {t('integrationsApp.webhooks.copy')}
          </Button>
          {secret.previous_secret_expires_at && <span className={styles.muted}>{t('integrationsApp.webhooks.secretGrace', { time: formatDateTime(secret.previous_secret_expires_at) })}</span>}
        </div>
      )}
      <div className={styles.actions}>
        <Button size="small" variant="secondary" busy={busy === 'secret'} onClick={() => (secret ? setSecret(undefined) : void act('secret', async () => setSecret(await revealSecret(endpoint.id))))}>
          {secret ? t('integrationsApp.webhooks.hideSecret') : t('integrationsApp.webhooks.revealSecret')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'rotate'}
          onClick={async () => {
            if (!(await confirm({ title: t('integrationsApp.webhooks.rotateTitle'), text: t('integrationsApp.webhooks.rotateConfirm'), confirmLabel: t('integrationsApp.webhooks.rotate') }))) return;
            void act('rotate', async () => {
              setSecret(await rotateSecret(endpoint.id));
              toast.show({ tone: 'success', message: t('integrationsApp.webhooks.rotated') });
            });
          }}
        >
          {t('integrationsApp.webhooks.rotate')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'test'}
          onClick={() =>
            void act('test', async () => {
              await sendTestEvent(endpoint.id);
              toast.show({ tone: 'success', message: t('integrationsApp.webhooks.testSent') });
            })
          }
        >
          {t('integrationsApp.webhooks.test')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          busy={busy === 'status'}
          onClick={() => void act('status', async () => onChange(await updateEndpoint(endpoint.id, { status: endpoint.status === 'enabled' ? 'paused' : 'enabled' })))}
        >
          {endpoint.status === 'enabled' ? t('integrationsApp.webhooks.pause') : t('integrationsApp.webhooks.resume')}
        </Button>
        <Button size="small" variant="ghost" busy={busy === 'log'} onClick={() => (log ? setLog(undefined) : void loadLog())}>
          {log ? t('integrationsApp.webhooks.hideLog') : t('integrationsApp.webhooks.log')}
        </Button>
        <Button
          size="small"
          variant="danger"
          busy={busy === 'delete'}
          onClick={async () => {
            if (!(await confirm({ title: t('integrationsApp.webhooks.removeTitle', { url: endpoint.url }), text: t('integrationsApp.webhooks.removeConfirm'), confirmLabel: t('integrationsApp.webhooks.remove') }))) return;
            void act('delete', async () => {
              await deleteEndpoint(endpoint.id);
              onDelete(endpoint.id);
            });
          }}
        >
          {t('integrationsApp.webhooks.remove')}
        </Button>
      </div>
      {log && <DeliveryLog items={log} busy={busy === 'log'} onRefresh={() => void loadLog()} onReplay={(id) => void act('replay', async () => {
        await replayDelivery(id);
        toast.show({ tone: 'success', message: t('integrationsApp.webhooks.replayed') });
        setLog(await listDeliveries(endpoint.id));
      })} />}
    </li>
  );
}

function DeliveryLog({ items, busy, onRefresh, onReplay }: { items: AlertDelivery[]; busy: boolean; onRefresh(): void; onReplay(id: string): void }) {
  return (
    <div className={styles.log}>
      <div className={styles.actions}>
        <Button size="small" variant="ghost" busy={busy} onClick={onRefresh}>{t('integrationsApp.webhooks.refresh')}</Button>
      </div>
      {items.length === 0 ? <p className={styles.muted}>{t('integrationsApp.webhooks.logEmpty')}</p> : <DeliveryTable items={items} onReplay={onReplay} />}
    </div>
  );
}
