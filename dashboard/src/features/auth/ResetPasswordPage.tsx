import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { DASHBOARD_PATH } from '../../app/paths.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { useToast } from '../../ui/useToast.ts';
import { resetPassword } from './authApi.ts';
import { formFailure, type FormFailure } from './formError.ts';
import { NewPasswordFields } from './NewPasswordFields.tsx';
import { userAtom } from './userAtom.ts';
import styles from './AuthForm.module.css';
import '../../messages/en/auth.ts';

/** /users/password/edit?reset_password_token=…: the page the reset email links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('reset_password_token') ?? '';
  const setUser = useSetAtom(userAtom);
  const navigate = useNavigate();
  const { show } = useToast();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [linkInvalid, setLinkInvalid] = useState(false);
  // Said by the API to whoever holds the link (a disabled user, say): nothing on this page can change it.
  const [refusal, setRefusal] = useState<string>();
  const [failure, setFailure] = useState<FormFailure>({ fields: {}, form: undefined });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure({ fields: {}, form: undefined });
    try {
      const result = await resetPassword({ reset_password_token: token, password, password_confirmation: confirmation });
      // The API may sign the person in right away (it answers with the user) or only confirm the change.
      if ('id' in result) {
        setUser(result);
        show({ tone: 'success', message: t('auth.resetDone') });
        navigate(DASHBOARD_PATH, { replace: true });
      } else {
        setDone(true);
      }
    } catch (error) {
      // A spent or expired link cannot be fixed on this page: say so instead of the field's raw message.
      if (error instanceof ApiError && error.fieldError('reset_password_token') !== undefined) setLinkInvalid(true);
      else if (error instanceof ApiError && error.code === 'FORBIDDEN') setRefusal(error.message);
      else setFailure(formFailure(error, ['password', 'password_confirmation'], t('auth.resetFailed')));
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>{t('auth.resetTitle')}</h1>
        {!token ? (
          <Banner tone="error">{t('auth.resetMissingToken')}</Banner>
        ) : linkInvalid ? (
          <Banner tone="error">{t('auth.resetLinkInvalid')}</Banner>
        ) : refusal ? (
          <Banner tone="error">{refusal}</Banner>
        ) : done ? (
          <Banner tone="success">{t('auth.resetDoneSignIn')}</Banner>
        ) : (
          <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.resetTitle')}>
            {failure.form && <Banner tone="error">{failure.form}</Banner>}
            <NewPasswordFields
              password={password}
              confirmation={confirmation}
              onPasswordChange={setPassword}
              onConfirmationChange={setConfirmation}
              errors={failure.fields}
            />
            <Button type="submit" block busy={busy}>
              {t('auth.resetButton')}
            </Button>
          </form>
        )}
        <p className={styles.footer}>
          {done ? (
            <Link to="/sign-in">{t('auth.signInLink')}</Link>
          ) : refusal ? (
            <Link to="/contact">{t('auth.contactSupport')}</Link>
          ) : (
            <Link to="/users/password/new">{t('auth.requestNewLink')}</Link>
          )}
        </p>
      </Card>
    </div>
  );
}
