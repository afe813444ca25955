import type { ZendeskStatus, HelpdeskSyncEntry } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { t } from '../../messages/t.ts';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { chatErrorText } from './chatErrorText.ts';
import { goToAuthorize, useOAuthReturn } from './oauthConnect.ts';
import * as zendeskApi from './zendeskApi.ts';
import '../../messages/en/integrationsApp.ts';

/** Accepts `acme`, `acme.zendesk.com` or `https://acme.zendesk.com/agent/…`: people paste what they see. */
export function subdomainOf(input: string): string {
  const text = input.trim().toLowerCase().replace(/^https?:\/\//, '');
  return text.split(/[./]/)[0] ?? '';
}

/** The Zendesk card's store: the status, the sync log and the last error, with connect and disconnect. */
export function useZendeskIntegration() {
  const [status, setStatus] = useState<ZendeskStatus | undefined>(undefined);
  const [log, setLog] = useState<HelpdeskSyncEntry[]>([]);
  const [subdomain, setSubdomain] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState<'connect' | 'tags' | 'disconnect' | undefined>(undefined);
  const [tags, setTags] = useState('');
  const toast = useToast();
  const confirm = useConfirm();

  const load = useCallback(async () => {
    try {
      const next = await zendeskApi.getZendeskStatus();
      setStatus(next);
      setTags(next.note_tags.join(' '));
      if (next.connected) setLog(await zendeskApi.getHelpdeskSyncLog());
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.zendeskCard.loadFailed'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  // Back from Zendesk's authorize page: a refusal or a failed exchange lands here with zendesk=failed.
  useOAuthReturn('zendesk', () => setError(t('integrationsApp.zendeskCard.connectFailed')));

  const connect = async () => {
    const name = subdomainOf(subdomain);
    if (!/^[a-z0-9][a-z0-9-]*$/.test(name)) {
      setError(t('integrationsApp.zendeskCard.subdomainInvalid'));
      return;
    }
    setBusy('connect');
    setError(undefined);
    await goToAuthorize(() => zendeskApi.getZendeskAuthorizeUrl(name), (e) => {
      setError(chatErrorText(e, 'integrationsApp.zendeskCard.connectFailed'));
      setBusy(undefined);
    });
  };

  /** Tags as people type them: separated by spaces or commas, lower case as Zendesk stores them. */
  const saveTags = async () => {
    setBusy('tags');
    setError(undefined);
    try {
      const next = await zendeskApi.updateZendesk({ note_tags: [...new Set(tags.toLowerCase().split(/[\s,]+/).filter(Boolean))] });
      setStatus(next);
      setTags(next.note_tags.join(' '));
      toast.show({ tone: 'success', message: t('integrationsApp.zendeskCard.tagsSaved'), lifetimeMs: TOAST_LIFETIME.saved });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.zendeskCard.tagsFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  const disconnect = async () => {
    if (!(await confirm({ title: t('integrationsApp.zendeskCard.disconnectTitle'), text: t('integrationsApp.zendeskCard.disconnectConfirm'), confirmLabel: t('integrationsApp.chat.disconnect') }))) return;
    setBusy('disconnect');
    setError(undefined);
    try {
      await zendeskApi.disconnectZendesk();
      setLog([]);
      setStatus((s) => s && { ...s, connected: false, subdomain: null, error: null, connected_at: null });
    } catch (e) {
      setError(chatErrorText(e, 'integrationsApp.zendeskCard.disconnectFailed'));
    } finally {
      setBusy(undefined);
    }
  };

  return { status, log, subdomain, setSubdomain, tags, setTags, saveTags, error, busy, connect, disconnect, reload: load };
}
