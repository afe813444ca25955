import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '../../app/useHydrated.ts';
import { t, type MessageKey } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import styles from './OAuthErrorBanner.module.css';
import '../../messages/en/auth.ts';

/** The reasons the server's Google/Slack sign-in sends back in /sign-in?error=… (docs/authentication.md). */
const MESSAGES = new Map<string, MessageKey>([
  ['provider_not_configured', 'auth.oauthNotConfigured'],
  ['oauth_failed', 'auth.oauthFailed'],
  ['email_not_verified', 'auth.oauthEmailNotVerified'],
]);

/** Says why a Google or Slack sign-in came back without signing in; nothing for other or no errors. */
export function OAuthErrorBanner() {
  const [params] = useSearchParams();
  const [dismissed, setDismissed] = useState(false);
  // Shown once hydrated: the page is prerendered without a query.
  const key = useHydrated() ? MESSAGES.get(params.get('error') ?? '') : undefined;
  if (!key || dismissed) return null;
  return (
    <Banner tone="error" className={styles.banner} onDismiss={() => setDismissed(true)}>
      {t(key)}
    </Banner>
  );
}
