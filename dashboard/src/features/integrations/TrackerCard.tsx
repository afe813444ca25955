import type { ReactNode } from 'react';
import { useApiResource } from '../../app/useApiResource.ts';
import { t, type MessageKey } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { cardState } from './cardState.ts';
import { IntegrationCard } from './IntegrationCard.tsx';
import { PlanNotice } from './PlanNotice.tsx';
import { useIntegration } from './useIntegration.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

type TrackerStatus = { connected: boolean; error: string | null; plan_allows: boolean };

/** An issue tracker's API on /my/integrations: connected by OAuth, with a target (team, repository) issues go to. */
export interface TrackerApi<S, T> {
  getStatus: (signal: AbortSignal) => Promise<S>;
  getAuthorizeUrl: () => Promise<string>;
  /** Where issues may go: Linear's teams, GitHub's repositories. */
  getTargets: (signal: AbortSignal) => Promise<T[]>;
  update: (target: string) => Promise<S>;
  disconnect: () => Promise<unknown>;
}

export interface TrackerTexts {
  name: MessageKey;
  text: MessageKey;
  howItWorks: MessageKey;
  planRequired: MessageKey;
  target: MessageKey;
  chooseTarget: MessageKey;
  targetSaved: MessageKey;
  targetFailed: MessageKey;
  disconnectConfirm: MessageKey;
}

/** What a connected tracker's card shows, read from its status and targets. */
export interface TrackerView {
  /** Who or what is connected (the workspace, the GitHub user). */
  connectedTo: ReactNode;
  /** The targets issues may go to, the saved one among them. */
  options: { value: string; label: string }[];
  value: string;
  /** Said under the picker (GitHub: states are not followed without the webhook). */
  notice?: ReactNode;
}

interface TrackerCardProps<S extends TrackerStatus, T> {
  id: string;
  api: TrackerApi<S, T>;
  texts: TrackerTexts;
  view: (status: S, targets: T[]) => TrackerView;
}

/**
 * An issue tracker for owners and admins (Linear, GitHub): connect by OAuth and pick where issues go; then anyone in
 * the account can create an issue from a recording's page. A revoked access shows here with the way to fix it.
 */
export function TrackerCard<S extends TrackerStatus, T>({ id, api, texts, view }: TrackerCardProps<S, T>) {
  const toast = useToast();
  const name = t(texts.name);
  const tracker = useIntegration<S, 'target'>({
    id,
    name,
    getStatus: api.getStatus,
    getAuthorizeUrl: api.getAuthorizeUrl,
    disconnectConfirm: t(texts.disconnectConfirm),
    disconnect: async () => {
      await api.disconnect();
      return api.getStatus(new AbortController().signal);
    },
  });
  const { status } = tracker;
  const usable = status?.connected === true && !status.error;
  const targets = useApiResource((signal) => (usable ? api.getTargets(signal) : Promise.resolve([])), [usable]);

  const pick = (target: string) => {
    if (!target) return;
    void tracker.run(
      'target',
      async () => {
        tracker.setStatus(await api.update(target));
        toast.show({ tone: 'success', message: t(texts.targetSaved), lifetimeMs: TOAST_LIFETIME.saved });
      },
      t(texts.targetFailed),
    );
  };

  const planNotice = <PlanNotice text={texts.planRequired} />;
  const connected = status?.connected ? view(status, targets.data ?? []) : undefined;
  return (
    <IntegrationCard
      id={id}
      name={name}
      state={cardState(status, tracker.loading)}
      description={!status?.connected && t(texts.text)}
      error={tracker.error}
      actions={
        status?.connected ? (
          <>
            {status.error && (
              <Button busy={tracker.busy === 'connect'} onClick={() => void tracker.connect()}>
                {t('integrationsApp.card.reconnect', { name })}
              </Button>
            )}
            <Button variant="danger" busy={tracker.busy === 'disconnect'} onClick={() => void tracker.disconnect()}>
              {t('integrationsApp.chat.disconnect')}
            </Button>
          </>
        ) : (
          status?.plan_allows !== false && (
            <Button busy={tracker.busy === 'connect'} disabled={tracker.loading} onClick={() => void tracker.connect()}>
              {t('integrationsApp.card.connect', { name })}
            </Button>
          )
        )
      }
    >
      {status && !status.connected && !status.plan_allows && planNotice}
      {status && connected && (
        <>
          <p className={styles.muted}>
            {t('integrationsApp.chat.connectedTo')} <strong>{connected.connectedTo}</strong>
          </p>
          {status.error && (
            <Banner tone="warning">
              <strong>{t('integrationsApp.card.accessBroken', { name })}</strong> {status.error}
            </Banner>
          )}
          {!status.plan_allows && planNotice}
          {!status.error && (
            <SelectField label={t(texts.target)} placeholder={t(texts.chooseTarget)} value={connected.value} options={connected.options} onChange={(e) => pick(e.target.value)} disabled={tracker.busy === 'target'} />
          )}
          {connected.notice}
          <p className={styles.muted}>{t(texts.howItWorks)}</p>
        </>
      )}
    </IntegrationCard>
  );
}
