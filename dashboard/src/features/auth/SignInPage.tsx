import { useSetAtom } from 'jotai';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { afterSignInPath, CHANGE_PASSWORD_PATH } from '../../app/paths.ts';
import { useHydrated } from '../../app/useHydrated.ts';
import { useTypedBeforeHydration } from '../../app/useTypedBeforeHydration.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { signIn } from './authApi.ts';
import { formFailure, type FormFailure } from './formError.ts';
import { OAuthButtons } from './OAuthButtons.tsx';
import { OAuthErrorBanner } from './OAuthErrorBanner.tsx';
import { PasswordField } from './PasswordField.tsx';
import { pendingPasswordChangeAtom } from './pendingPasswordChangeAtom.ts';
import { userAtom } from './userAtom.ts';
import { canSubmitSignIn } from './validation.ts';
import styles from './AuthForm.module.css';
import '../../messages/en/auth.ts';

export function SignInPage() {
  const setUser = useSetAtom(userAtom);
  const setPendingChange = useSetAtom(pendingPasswordChangeAtom);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(params.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>({ fields: {}, form: undefined });
  const formRef = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(formRef, (name, value) => {
    if (name === 'email' && typeof value === 'string') setEmail(value);
    if (name === 'password' && typeof value === 'string') setPassword(value);
    if (name === 'remember_me') setRememberMe(value === true);
  });
  // Prerendered: until hydrated, Enter in a field must not submit the bare form (a GET with the password in the URL).
  const canSubmit = useHydrated() && canSubmitSignIn(email, password);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit || busy) return;
    setBusy(true);
    setFailure({ fields: {}, form: undefined });
    try {
      const user = await signIn({ email, password, remember_me: rememberMe ? '1' : '0' });
      // Navigate before storing the user: the sign-in route sends signed-in users to the dashboard.
      const next = afterSignInPath(params.get('redirect_to'));
      if (user.must_change_password) {
        setPendingChange({ currentPassword: password, next });
        navigate(CHANGE_PASSWORD_PATH, { replace: true });
      } else {
        navigate(next, { replace: true });
      }
      setUser(user);
    } catch (error) {
      setFailure(formFailure(error, ['email', 'password'], t('auth.signInFailed')));
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>{t('auth.signInTitle')}</h1>
        <p className={styles.subtitle}>{t('auth.signInSubtitle')}</p>
        <OAuthErrorBanner />
        <OAuthButtons />
        <div className={styles.divider}>{t('auth.or')}</div>
        <form ref={formRef} className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.signInTitle')}>
          {failure.form && <Banner tone="error">{failure.form}</Banner>}
          <TextField
            label={t('auth.email')}
            type="email"
            name="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={failure.fields.email}
            required
          />
          <PasswordField
            label={t('auth.password')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={failure.fields.password}
            required
          />
          <div className={styles.row}>
            <Checkbox label={t('auth.rememberMe')} name="remember_me" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            <Link className={styles.small} to="/users/password/new">
              {t('auth.forgotPassword')}
            </Link>
          </div>
          <Button type="submit" block disabled={!canSubmit} busy={busy} title={canSubmit ? undefined : t('auth.signInRequirements')}>
            {busy ? t('auth.signingIn') : t('auth.signInButton')}
          </Button>
        </form>
        <p className={styles.footer}>
          {t('auth.noAccount')} <Link to="/sign-up">{t('auth.signUpLink')}</Link>
        </p>
      </Card>
    </div>
  );
}
