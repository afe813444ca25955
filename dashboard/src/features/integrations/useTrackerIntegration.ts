import { useCallback, useEffect, useState } from 'react';
import { t, type MessageKey } from '../../messages/t.ts';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { chatErrorText } from './chatErrorText.ts';
import { goToAuthorize, useOAuthReturn } from './oauthConnect.ts';
import '../../messages/en/integrationsApp.ts';

/** An issue tracker's API on /my/integrations: connected by OAuth, with a target (team, repository) issues go to. */
export interface TrackerApi<S, T> {
  getStatus: () => Promise<S>;
  getAuthorizeUrl: () => Promise<string>;
  /** Where issues may go: Linear's teams, GitHub's repositories. */
  getTargets: () => Promise<T[]>;
  update: (target: string) => Promise<S>;
  disconnect: () => Promise<unknown>;
}

export interface TrackerTexts {
  loadFailed: MessageKey;
  connectFailed: MessageKey;
  targetSaved: MessageKey;
  targetFailed: MessageKey;
  disconnectTitle: MessageKey;
  disconnectConfirm: MessageKey;
  disconnectFailed: MessageKey;
}

/**
 * A tracker card's store (Linear, GitHub): the status, the targets and the last error (the server's message when it
 * sent one), with connect, pick and disconnect. `api` and `texts` are module constants.
 */
export function useTrackerIntegration<S extends { connected: boolean; error: string | null }, T>(name: string, api: TrackerApi<S, T>, texts: TrackerTexts) {
  const [status, setStatus] = useState<S | undefined>(undefined);
  const [targets, setTargets] = useState<T[]>([]);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'connect' | 'target' | 'disconnect' | undefined>(undefined);
  const toast = useToast();
  const confirm = useConfirm();

  const load = useCallback(async () => {
    try {
      const next = await api.getStatus();
      setStatus(next);
      if (next.connected && !next.error) setTargets(await api.getTargets());
    } catch (e) {
      setError(chatErrorText(e, texts.loadFailed));
    }
  }, [api, texts]);

  useEffect(() => {
    void load();
  }, [load]);

  // Back from the tracker's consent page: a refusal or a failed exchange lands here with <name>=failed.
  useOAuthReturn(name, () => setError(t(texts.connectFailed)));

  const connect = async () => {
    setBusy('connect');
    setError(undefined);
    await goToAuthorize(api.getAuthorizeUrl, (e) => {
      setError(chatErrorText(e, texts.connectFailed));
      setBusy(undefined);
    });
  };

  const pick = async (target: string) => {
    if (!target) return;
    setBusy('target');
    setError(undefined);
    try {
      setStatus(await api.update(target));
      toast.show({ tone: 'success', message: t(texts.targetSaved), lifetimeMs: TOAST_LIFETIME.saved });
    } catch (e) {
      setError(chatErrorText(e, texts.targetFailed));
    } finally {
      setBusy(undefined);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t(texts.disconnectTitle), text: t(texts.disconnectConfirm), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await api.disconnect();
      setTargets([]);
      setStatus(await api.getStatus());
    } catch (e) {
      setError(chatErrorText(e, texts.disconnectFailed));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, targets, error, busy, connect, pick, disconnect };
}

export type TrackerIntegration<S, T> = ReturnType<typeof useTrackerIntegration<S & { connected: boolean; error: string | null }, T>>;
