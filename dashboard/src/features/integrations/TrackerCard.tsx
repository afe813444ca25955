import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { t, type MessageKey } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import type { TrackerIntegration } from './useTrackerIntegration.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

export interface TrackerCardTexts {
  name: MessageKey;
  text: MessageKey;
  connect: MessageKey;
  reconnect: MessageKey;
  brokenTitle: MessageKey;
  howItWorks: MessageKey;
  planRequired: MessageKey;
  target: MessageKey;
  chooseTarget: MessageKey;
}

interface TrackerCardProps<S extends { connected: boolean; error: string | null; plan_allows: boolean }, T> {
  name: string;
  tracker: TrackerIntegration<S, T>;
  texts: TrackerCardTexts;
  /** Who or what is connected (the workspace, the GitHub user). */
  connectedTo: ReactNode;
  /** The targets issues may go to, the saved one among them. */
  options: { value: string; label: string }[];
  value: string;
  /** Said under the picker while connected (GitHub: states are not followed without the webhook). */
  notice?: ReactNode;
}

/**
 * An issue tracker for owners and admins (Linear, GitHub): connect by OAuth and pick where issues go; then anyone in
 * the account can create an issue from a recording's page. A revoked access shows here with the way to fix it.
 */
export function TrackerCard<S extends { connected: boolean; error: string | null; plan_allows: boolean }, T>({ name, tracker, texts, connectedTo, options, value, notice }: TrackerCardProps<S, T>) {
  const { status } = tracker;
  const connected = status?.connected === true;
  const offerConnect = status ? !status.connected : tracker.error !== undefined;
  const planNotice = (
    <p className={styles.muted}>
      {t(texts.planRequired)} <Link to="/upgrade">{t('integrationsApp.chat.upgrade')}</Link>
    </p>
  );
  return (
    <Card className={styles.card} data-integration={name}>
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle}>{t(texts.name)}</h2>
        <span className={`${styles.badge} ${connected && status.error ? styles.failed : styles.enabled}`}>{connected ? t('integrationsApp.chat.connected') : t('integrationsApp.available')}</span>
      </div>
      {tracker.error && <Banner tone="error">{tracker.error}</Banner>}
      {offerConnect && (
        <>
          <p className={styles.muted}>{t(texts.text)}</p>
          {status?.plan_allows !== false ? (
            <Button busy={tracker.busy === 'connect'} onClick={() => void tracker.connect()}>
              {t(texts.connect)}
            </Button>
          ) : (
            planNotice
          )}
        </>
      )}
      {connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{connectedTo}</strong>
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t(texts.brokenTitle)}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && planNotice}
          {!status.error && (
            <SelectField label={t(texts.target)} placeholder={t(texts.chooseTarget)} value={value} options={options} onChange={(e) => void tracker.pick(e.target.value)} disabled={tracker.busy === 'target'} />
          )}
          {notice}
          <p className={styles.muted}>{t(texts.howItWorks)}</p>
          <div className={styles.actions}>
            {status.error && (
              <Button busy={tracker.busy === 'connect'} onClick={() => void tracker.connect()}>
                {t(texts.reconnect)}
              </Button>
            )}
            <Button variant="danger" busy={tracker.busy === 'disconnect'} onClick={() => void tracker.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </div>
        </>
      )}
    </Card>
  );
}
