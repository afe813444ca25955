import { useAtom, useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DASHBOARD_PATH } from '../../app/paths.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { Logo } from '../../ui/Logo.tsx';
import { updateCurrentUser } from './authApi.ts';
import { formFailure, type FormFailure } from './formError.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { PasswordField } from './PasswordField.tsx';
import { pendingPasswordChangeAtom } from './pendingPasswordChangeAtom.ts';
import { userAtom } from './userAtom.ts';
import { useSignOut } from './useSignOut.ts';
import styles from './AuthForm.module.css';
import '../../messages/en/auth.ts';
import '../../messages/en/app.ts';

/**
 * The set-password step for a user created with a one-time password (the first system admin). Sign-in passes
 * the password just typed (in memory), so the person only chooses the new one; after a reload it is asked for.
 */
export function ChangePasswordPage() {
  const navigate = useNavigate();
  const setUser = useSetAtom(userAtom);
  const [pending, setPending] = useAtom(pendingPasswordChangeAtom);
  const { signOut, signingOut } = useSignOut();
  const knownCurrent = pending?.currentPassword;
  const [current, setCurrent] = useState(knownCurrent ?? '');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>({ fields: {}, form: undefined });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure({ fields: {}, form: undefined });
    try {
      const user = await updateCurrentUser({ password, password_confirmation: confirmation, current_password: current });
      setPending(null);
      setUser(user);
      navigate(pending?.next ?? DASHBOARD_PATH, { replace: true });
    } catch (error) {
      setFailure(formFailure(error, ['current_password', 'password', 'password_confirmation'], t('auth.mustChangeFailed')));
      setBusy(false);
    }
  };

  return (
    <div className={`${styles.page} ${styles.standalone}`}>
      <Logo />
      <Card className={styles.card}>
        <h1 className={styles.title}>{t('auth.mustChangeTitle')}</h1>
        <p className={styles.subtitle}>{t('auth.mustChangeSubtitle')}</p>
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.mustChangeTitle')}>
          {failure.form && <Banner tone="error">{failure.form}</Banner>}
          {(knownCurrent === undefined || failure.fields.current_password) && (
            <PasswordField
              label={t('auth.currentPassword')}
              name="current_password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => setCurrent(e.target.value)}
              error={failure.fields.current_password}
              required
            />
          )}
          <NewPasswordFields
            password={password}
            confirmation={confirmation}
            onPasswordChange={setPassword}
            onConfirmationChange={setConfirmation}
            errors={failure.fields}
          />
          <Button type="submit" block busy={busy}>
            {t('auth.mustChangeButton')}
          </Button>
        </form>
        <p className={styles.footer}>
          <button type="button" className={styles.linkButton} onClick={() => void signOut()} disabled={signingOut}>
            {t('app.signOut')}
          </button>
        </p>
      </Card>
    </div>
  );
}
