import { USER_LIMITS } from '@showback/contract';
import { useAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { updateCurrentUser } from '../auth/authApi.ts';
import { PasswordField } from '../auth/PasswordField.tsx';
import { userAtom } from '../auth/userAtom.ts';
import { useSaveAction } from './useSaveAction.ts';
import styles from './AccountPage.module.css';
import '../../messages/en/account.ts';

const FIELDS = ['name', 'email', 'current_password'] as const;

/** Name and email (PUT /users/me). A new email needs the current password, so that field appears only then. */
export function ProfileSection() {
  const [user, setUser] = useAtom(userAtom);
  const [name, setName] = useState(user?.name ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [currentPassword, setCurrentPassword] = useState('');
  const save = useSaveAction(FIELDS, t('account.profileFailed'));
  const emailChanged = email.trim().toLowerCase() !== (user?.email ?? '').toLowerCase();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      const updated = await updateCurrentUser({ name, email: email.trim(), ...(emailChanged ? { current_password: currentPassword } : {}) });
      setUser(updated);
      setName(updated.name);
      setEmail(updated.email);
      setCurrentPassword('');
    });
  };

  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>{t('account.profileHeading')}</h2>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.profileHeading')}>
        {save.failure.form && <Banner tone="error">{save.failure.form}</Banner>}
        {save.saved && <Banner tone="success" onDismiss={save.dismissSaved}>{t('account.profileSaved')}</Banner>}
        <TextField label={t('account.name')} name="name" autoComplete="name" maxLength={USER_LIMITS.nameMax} required value={name} onChange={(e) => setName(e.target.value)} error={save.failure.fields.name} />
        <TextField label={t('account.email')} type="email" name="email" autoComplete="email" maxLength={USER_LIMITS.emailMax} required value={email} onChange={(e) => setEmail(e.target.value)} error={save.failure.fields.email} />
        {(emailChanged || save.failure.fields.current_password) && (
          <PasswordField
            label={t('account.currentPassword')}
            name="current_password"
            autoComplete="current-password"
            hint={t('account.emailChangeHint')}
            value={currentPassword}
            onChange={(e) => setCurrentPassword(e.target.value)}
            error={save.failure.fields.current_password}
            required
          />
        )}
        <div className={styles.actions}>
          <Button type="submit" busy={save.busy}>{t('account.saveProfile')}</Button>
        </div>
      </form>
    </Card>
  );
}
