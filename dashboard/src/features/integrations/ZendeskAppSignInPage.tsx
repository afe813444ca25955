import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { approveZendeskApp } from './zendeskApi.ts';
import styles from './Integrations.module.css';
import '../../messages/en/integrationsApp.ts';

const SUBDOMAIN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * /my/zendesk-app?subdomain=…&challenge=…: the window the Zendesk app opens so the agent, signed in here, lets it act as
 * them (docs/zendesk.md, "How the app signs in"). The app collects its token itself; this page only approves.
 */
export function ZendeskAppSignInPage() {
  const user = useAtomValue(userAtom);
  const [params] = useSearchParams();
  const subdomain = params.get('subdomain') ?? '';
  const challenge = params.get('challenge') ?? '';
  const [outcome, setOutcome] = useState<'allowed' | 'cancelled' | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const valid = SUBDOMAIN.test(subdomain) && CHALLENGE.test(challenge);

  const allow = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await approveZendeskApp({ subdomain, challenge });
      setOutcome('allowed');
      // Opened by the app: nothing more to do here. (Browsers ignore this for a window the person opened themselves.)
      window.setTimeout(() => window.close(), 1500);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('integrationsApp.zendeskApp.title')} />
      <Card className={styles.section}>
        {!valid ? (
          <Banner tone="error">{t('integrationsApp.zendeskApp.invalid')}</Banner>
        ) : outcome ? (
          <p role="status">{t(outcome === 'allowed' ? 'integrationsApp.zendeskApp.allowed' : 'integrationsApp.zendeskApp.cancelled')}</p>
        ) : (
          <>
            <p>{t('integrationsApp.zendeskApp.intro', { subdomain, email: user?.email ?? '' })}</p>
            {error && <Banner tone="error">{error}</Banner>}
            <div className={styles.actions}>
              <Button busy={busy} onClick={() => void allow()}>
                {t('integrationsApp.zendeskApp.allow')}
              </Button>
              <Button variant="secondary" onClick={() => setOutcome('cancelled')}>
                {t('integrationsApp.zendeskApp.cancel')}
              </Button>
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
