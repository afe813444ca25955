import { CSRF_FORM_FIELD, type OAuthProvider } from '@showback/contract';
import { useSearchParams } from 'react-router-dom';
import { csrfToken } from '../../app/api.ts';
import { t, type MessageKey } from '../../messages/t.ts';
import { buttonClassName } from '../../ui/Button.tsx';
import { ProviderIcon } from './ProviderIcon.tsx';
import { providerFormFields } from './providerFormFields.ts';
import styles from './AuthForm.module.css';

const PROVIDERS: { provider: OAuthProvider; label: MessageKey }[] = [
  { provider: 'google_oauth2', label: 'auth.continueWithGoogle' },
  { provider: 'slack_openid', label: 'auth.continueWithSlack' },
];

/**
 * Google and Slack sign-in: plain form posts (a full page navigation) carrying the CSRF token (spec §2, §7), where to
 * land afterwards and the sign-up attribution. Not prerendered, so reading sessionStorage while rendering is safe.
 */
export function OAuthButtons() {
  const [params] = useSearchParams();
  const token = csrfToken();
  const fields = providerFormFields(params.get('redirect_to'));
  return (
    <div className={styles.providers}>
      {PROVIDERS.map(({ provider, label }) => (
        <form key={provider} method="post" action={`/users/auth/${provider}`}>
          <input type="hidden" name={CSRF_FORM_FIELD} value={token} />
          {fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <button type="submit" className={buttonClassName({ variant: 'secondary', block: true })}>
            <ProviderIcon provider={provider} />
            {t(label)}
          </button>
        </form>
      ))}
    </div>
  );
}
