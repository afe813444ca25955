import { USER_LIMITS } from '@showback/contract';
import { useAtom } from 'jotai';
import { useState, type FormEvent } from 'react';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { userAtom } from '../auth/userAtom.ts';
import { updateAccount } from './accountApi.ts';
import { useSaveAction } from './useSaveAction.ts';
import styles from './AccountPage.module.css';
import '../../messages/en/account.ts';

const FIELDS = ['name'] as const;

/** The account's settings (PUT /account): owners and admins edit them, members only see the name. */
export function WorkspaceSection() {
  const [user, setUser] = useAtom(userAtom);
  const [name, setName] = useState(user?.account.name ?? '');
  const save = useSaveAction(FIELDS, t('account.workspaceFailed'));
  const canEdit = usePermission('account.edit').allowed;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      const updated = await updateAccount({ name: name.trim() });
      setUser(updated);
      setName(updated.account.name);
    });
  };

  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>{t('account.workspaceHeading')}</h2>
      {canEdit ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('account.workspaceHeading')}>
          {save.failure.form && <Banner tone="error">{save.failure.form}</Banner>}
          {save.saved && <Banner tone="success" onDismiss={save.dismissSaved}>{t('account.workspaceSaved')}</Banner>}
          <TextField label={t('account.workspaceName')} name="account_name" autoComplete="organization" maxLength={USER_LIMITS.accountNameMax} required value={name} onChange={(e) => setName(e.target.value)} error={save.failure.fields.name} />
          <div className={styles.actions}>
            <Button type="submit" busy={save.busy}>{t('account.saveWorkspace')}</Button>
          </div>
        </form>
      ) : (
        <p className={styles.intro} data-refused="account.edit">{t('account.workspaceReadOnly', { name: user?.account.name ?? '' })}</p>
      )}
    </Card>
  );
}
