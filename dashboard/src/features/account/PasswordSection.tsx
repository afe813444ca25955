import { useSetAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { updateCurrentUser } from '../auth/authApi.ts';
import { NewPasswordFields } from '../auth/NewPasswordFields.tsx';
import { PasswordField } from '../auth/PasswordField.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { useSaveAction } from './useSaveAction.ts';
import styles from './AccountPage.module.css';
import '../../messages/en/account.ts';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

/** Current, new and confirmed password (PUT /users/me); the API ends the user's other sessions. */
export function PasswordSection() {
  const setUser = useSetAtom(userAtom);
  const [currentPassword, setCurrentPassword] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const save = useSaveAction(FIELDS, t('account.passwordFailed'));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      setUser(await updateCurrentUser({ current_password: currentPassword, password, password_confirmation: confirmation }));
      setCurrentPassword('');
      setPassword('');
      setConfirmation('');
    });
  };

  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>{t('account.passwordHeading')}</h2>
      <p className={styles.intro}>{t('account.passwordIntro')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.passwordHeading')}>
        {save.failure.form && <Banner tone="error">{save.failure.form}</Banner>}
        {save.saved && <Banner tone="success" onDismiss={save.dismissSaved}>{t('account.passwordSaved')}</Banner>}
        <PasswordField label={t('account.currentPassword')} name="current_password" autoComplete="current-password" required value={currentPassword} onChange={(e) => setCurrentPassword(e.target.value)} error={save.failure.fields.current_password} />
        <NewPasswordFields
          password={password}
          confirmation={confirmation}
          onPasswordChange={setPassword}
          onConfirmationChange={setConfirmation}
          errors={save.failure.fields}
          labels={{ password: t('account.newPassword'), confirmation: t('account.passwordConfirmation') }}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={save.busy} disabled={!currentPassword || !password}>{t('account.savePassword')}</Button>
        </div>
      </form>
    </Card>
  );
}
