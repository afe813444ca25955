import { CSRF_FORM_FIELD, type OAuthProvider } from '@showback/contract';
import { useSearchParams } from 'react-router-dom';
import { csrfToken } from '../../app/api.ts';
import { useHydrated } from '../../app/useHydrated.ts';
import { t, type MessageKey } from '../../messages/t.ts';
import { buttonClassName } from '../../ui/Button.tsx';
import { ProviderIcon } from './ProviderIcon.tsx';
import { providerFormFields } from './providerFormFields.ts';
import styles from './AuthForm.module.css';
import '../../messages/en/auth.ts';

const PROVIDERS: { provider: OAuthProvider; label: MessageKey }[] = [
  { provider: 'google_oauth2', label: 'auth.continueWithGoogle' },
  { provider: 'slack_openid', label: 'auth.continueWithSlack' },
];

/**
 * Google and Slack sign-in: plain form posts (a full page navigation) carrying the CSRF token (spec §2, §7), where to
 * land afterwards and the sign-up attribution. The sign-in and sign-up pages are prerendered for a visitor: the token
 * (the page's meta tag), the query and the stored attribution exist only in the browser, so the hidden fields come
 * once hydrated, and until then the buttons are disabled rather than post a form the server would refuse.
 */
export function OAuthButtons() {
  const [params] = useSearchParams();
  const hydrated = useHydrated();
  const fields: [string, string][] = hydrated ? [[CSRF_FORM_FIELD, csrfToken()], ...providerFormFields(params.get('redirect_to'))] : [];
  return (
    <div className={styles.providers}>
      {PROVIDERS.map(({ provider, label }) => (
        <form key={provider} method="post" action={`/users/auth/${provider}`}>
          {fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClassName({ variant: 'secondary', block: true })} disabled={!hydrated}>
            <ProviderIcon provider={provider} />
            {t(label)}
          </button>
        </form>
      ))}
    </div>
  );
}
