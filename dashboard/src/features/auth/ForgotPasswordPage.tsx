import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { requestPasswordReset } from './authApi.ts';
import { formFailure, type FormFailure } from './formError.ts';
import { EMAIL_PATTERN } from './validation.ts';
import styles from './AuthForm.module.css';
import '../../messages/en/common.ts';
import '../../messages/en/auth.ts';

/** /users/password/new: asks for a reset link. The answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>({ fields: {}, form: undefined });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure({ fields: {}, form: undefined });
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (error) {
      setFailure(formFailure(error, ['email'], t('common.unexpectedError')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <Card className={styles.card}>
        <h1 className={styles.title}>{t('auth.forgotTitle')}</h1>
        {sentTo ? (
          <Banner tone="success">{t('auth.forgotSent', { email: sentTo })}</Banner>
        ) : (
          <>
            <p className={styles.subtitle}>{t('auth.forgotSubtitle')}</p>
            <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('auth.forgotTitle')}>
              {failure.form && <Banner tone="error">{failure.form}</Banner>}
              <TextField label={t('auth.email')} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} error={failure.fields.email} />
              <Button type="submit" block busy={busy} disabled={!EMAIL_PATTERN.test(email.trim())}>
                {busy ? t('auth.sending') : t('auth.sendResetLink')}
              </Button>
            </form>
          </>
        )}
        <p className={styles.footer}>
          <Link to="/sign-in">{t('auth.backToSignIn')}</Link>
        </p>
      </Card>
    </div>
  );
}
