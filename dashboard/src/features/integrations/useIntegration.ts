import { errorText } from '../../app/errorText.ts';
import { useAction } from '../../app/useAction.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { t } from '../../messages/t.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useOAuthReturn } from './useOAuthReturn.ts';
import '../../messages/en/integrationsApp.ts';

export interface IntegrationSpec<S> {
  /** The parameter the API's OAuth callback adds to /my/integrations (`?slack=failed`). */
  id: string;
  /** The name in the shared failure texts ("Failed to load {name} status"). */
  name: string;
  /** The name in the disconnect dialog, when it is longer than `name` ("Microsoft Teams"). */
  fullName?: string;
  /** The status, loaded once when the card mounts and aborted when it unmounts. */
  getStatus: (signal: AbortSignal) => Promise<S>;
  /** The provider's authorize page, for integrations connected by OAuth. */
  getAuthorizeUrl?: () => Promise<string>;
  /** Disconnects, and answers the status afterwards. */
  disconnect: (status: S) => Promise<S>;
  /** What disconnecting stops, said in the confirm dialog. */
  disconnectConfirm: string;
}

/**
 * An integration card's store: the status, the running action and the last error (the server's message when it
 * sent one), with connect (OAuth), the OAuth return, confirm-then-disconnect and `run` for the card's other buttons.
 * `K` names those other actions.
 */
export function useIntegration<S, K extends string = never>(spec: IntegrationSpec<S>) {
  const action = useAction<K | 'connect' | 'disconnect'>();
  const confirm = useConfirm();
  const failed = (key: 'loadFailed' | 'connectFailed' | 'disconnectFailed') => t(`integrationsApp.card.${key}`, { name: spec.name });
  const resource = useApiResource(async (signal) => {
    try {
      return await spec.getStatus(signal);
    } catch (e) {
      if (!signal.aborted) action.setError(errorText(e, failed('loadFailed')));
      throw e;
    }
  }, []);
  const status = resource.data;

  // Back from the provider's consent page: a refusal or a failed exchange lands here with <id>=failed.
  useOAuthReturn(spec.id, () => action.setError(failed('connectFailed')));

  /** Sends the browser to the provider's authorize page (`authorizeUrl` when it needs the card's input). */
  const connect = (authorizeUrl = spec.getAuthorizeUrl) =>
    action.run(
      'connect',
      async () => {
        if (!authorizeUrl) return;
        window.location.assign(await authorizeUrl());
        // The page is leaving for the provider: the button stays busy until it has gone.
        await new Promise(() => undefined);
      },
      failed('connectFailed'),
    );

  const disconnect = async () => {
    if (!status) return;
    const title = t('integrationsApp.card.disconnectTitle', { name: spec.fullName ?? spec.name });
    if (!(await confirm({ title, text: spec.disconnectConfirm, confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    await action.run('disconnect', async () => resource.setData(await spec.disconnect(status)), failed('disconnectFailed'));
  };

  return {
    status,
    setStatus: resource.setData,
    /** The first status has not come yet: the card keeps its place with placeholders. */
    loading: status === undefined && resource.loading,
    reload: resource.reload,
    /** The text for a failed load of what the card loads besides the status (channels, the sync log). */
    loadError: (e: unknown) => (e ? errorText(e, failed('loadFailed')) : undefined),
    error: action.error,
    setError: action.setError,
    busy: action.busy,
    run: action.run,
    connect,
    disconnect,
  };
}
