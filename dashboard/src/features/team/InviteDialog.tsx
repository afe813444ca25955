import { ASSIGNABLE_ROLES, USER_LIMITS, type AssignableRole, type Invitation } from '@showback/contract';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { useSaveAction } from '../account/useSaveAction.ts';
import { inviteMember } from './teamApi.ts';
import styles from './TeamPage.module.css';
import '../../messages/en/team.ts';

const FIELDS = ['email', 'role'] as const;

/** The invite form in a modal dialog (rendered only while open): an address and a role. */
export function InviteDialog({ onClose, onInvited }: { onClose(): void; onInvited(invitation: Invitation): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AssignableRole>('member');
  /** The server's message when every seat is taken: it names the plan and its seats; shown with the upgrade link. */
  const [seatsFull, setSeatsFull] = useState<string>();
  const save = useSaveAction(FIELDS, t('team.inviteFailed'));

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => {
      try {
        onInvited(await inviteMember({ email: email.trim(), role }));
      } catch (error) {
        setSeatsFull(error instanceof ApiError && error.code === 'SEAT_LIMIT_REACHED' ? error.message : undefined);
        throw error;
      }
    });
  };

  return (
    <dialog ref={dialog} className={styles.modal} aria-labelledby="invite-title" onClose={onClose}>
      <h2 id="invite-title" className={styles.heading}>{t('team.inviteTitle')}</h2>
      <p className={styles.muted}>{t('team.inviteText')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('team.inviteTitle')}>
        {seatsFull ? (
          <Banner tone="error">
            {seatsFull} <Link to="/upgrade">{t('team.upgrade')}</Link>
          </Banner>
        ) : (
          save.failure.form && <Banner tone="error">{save.failure.form}</Banner>
        )}
        <TextField label={t('team.email')} name="email" type="email" autoComplete="off" required maxLength={USER_LIMITS.emailMax} value={email} onChange={(e) => setEmail(e.target.value)} error={save.failure.fields.email} />
        <SelectField
          label={t('team.role')}
          name="role"
          value={role}
          onChange={(e) => setRole(e.target.value as AssignableRole)}
          options={ASSIGNABLE_ROLES.map((value) => ({ value, label: t(`team.roles.${value}`) }))}
          error={save.failure.fields.role}
        />
        <p className={styles.muted}>{t(role === 'admin' ? 'team.adminHint' : 'team.memberHint')}</p>
        <div className={styles.actions}>
          <Button type="submit" busy={save.busy}>{t('team.sendInvitation')}</Button>
          <Button variant="secondary" onClick={() => dialog.current?.close()}>{t('team.cancel')}</Button>
        </div>
      </form>
    </dialog>
  );
}
