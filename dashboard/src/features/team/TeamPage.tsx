import type { AssignableRole, Invitation, Team, TeamMember } from '@showback/contract';
import { useAtom } from 'jotai';
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/useToast.ts';
import { fetchCurrentUser } from '../auth/authApi.ts';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { userAtom } from '../auth/userAtom.ts';
import { formatDate, formatDateTime } from '../../ui/formatters.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { TeamTable } from './TeamTable.tsx';
import { changeRole, getTeam, removeMember, resendInvitation, revokeInvitation, transferOwnership } from './teamApi.ts';
import styles from './TeamPage.module.css';
import '../../messages/en/team.ts';
import '../../messages/en/billing.ts';

/** A destructive row action waiting for the person to confirm it in the dialog. */
interface PendingAction {
  title: string;
  text: string;
  confirmLabel: string;
  run: () => Promise<unknown>;
  done: string;
  rolesChanged?: boolean;
}

const errorText = (error: unknown): string => (error instanceof ApiError && error.status !== 500 && error.message ? error.message : t('team.actionFailed'));

/** /my/team: members and pending invitations for everyone; owners and admins invite and manage; the owner hands over. */
export function TeamPage() {
  const [user, setUser] = useAtom(userAtom);
  const [team, setTeam] = useState<Team>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [inviting, setInviting] = useState(false);
  const [busyId, setBusyId] = useState<string>();
  const [actionError, setActionError] = useState<string>();
  const [pending, setPending] = useState<PendingAction>();
  const toast = useToast();
  const invites = usePermission('team.invite').allowed;
  const manages = usePermission('team.manage_members').allowed;
  const transfers = usePermission('team.transfer_ownership').allowed;
  const upgrades = usePermission('billing.manage').allowed;

  const reload = useCallback(() => getTeam().then(setTeam, () => setLoadFailed(true)), []);
  useEffect(() => void reload(), [reload]);

  /** Runs one row's action, then reloads the team, and the signed-in user when their own role may have changed. */
  const act = async (id: string, action: () => Promise<unknown>, done: string, rolesChanged = false) => {
    setBusyId(id);
    setActionError(undefined);
    try {
      await action();
      await reload();
      if (rolesChanged) setUser(await fetchCurrentUser());
      toast.show({ tone: 'success', message: done });
    } catch (error) {
      setActionError(errorText(error));
    } finally {
      setBusyId(undefined);
    }
  };

  const onRole = (member: TeamMember, role: AssignableRole) => void act(member.id, () => changeRole(member.id, role), t('team.roleChanged', { name: member.name, role: t(`team.roles.${role}`) }), member.id === user?.id);
  const onRemove = (member: TeamMember) =>
    setPending({ title: t('team.removeTitle', { name: member.name }), text: t('team.removeConfirm', { name: member.name, email: member.email }), confirmLabel: t('team.remove'), run: () => removeMember(member.id), done: t('team.removed', { name: member.name }) });
  const onTransfer = (member: TeamMember) =>
    setPending({ title: t('team.transferTitle', { name: member.name }), text: t('team.transferConfirm', { name: member.name }), confirmLabel: t('team.transfer'), run: () => transferOwnership(member.id), done: t('team.transferred', { name: member.name }), rolesChanged: true });
  const onResend = (invitation: Invitation) => void act(invitation.id, () => resendInvitation(invitation.id), t('team.resent', { email: invitation.email }));
  const onRevoke = (invitation: Invitation) =>
    setPending({ title: t('team.revokeTitle', { email: invitation.email }), text: t('team.revokeConfirm', { email: invitation.email }), confirmLabel: t('team.revoke'), run: () => revokeInvitation(invitation.id), done: t('team.revoked', { email: invitation.email }) });

  /** The confirmed action; a failure stays in the dialog (ConfirmDialog shows it), success closes it and reloads. */
  const confirmPending = async () => {
    if (!pending) return;
    await pending.run();
    setPending(undefined);
    await reload();
    if (pending.rolesChanged) setUser(await fetchCurrentUser());
    toast.show({ tone: 'success', message: pending.done });
  };

  const seats = team?.seats;
  const full = seats && seats.limit !== null && seats.used >= seats.limit;

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('team.title')}
        subtitle={t('team.subtitle')}
        actions={invites && <Button onClick={() => setInviting(true)} disabled={!team}>{t('team.invite')}</Button>}
      />
      {loadFailed && <Banner tone="error">{t('team.loadFailed')}</Banner>}
      {actionError && <Banner tone="error" onDismiss={() => setActionError(undefined)}>{actionError}</Banner>}
      {!team && !loadFailed && <Spinner />}
      {seats && (
        <p className={styles.seats} data-testid="team-seats">
          {seats.limit === null ? t('team.seatsUnlimited', { used: seats.used }) : t('team.seats', { used: seats.used, limit: seats.limit })}{' '}
          {full && upgrades && (
            <>
              {t('team.seatsFull')} <Link to="/upgrade">{t('team.upgrade')}</Link>
            </>
          )}
        </p>
      )}
      {team && <NotAllowed actions={['team.invite', 'team.manage_members', 'team.transfer_ownership']} />}
      {team && (
        <Card className={styles.section}>
          <h2 className={styles.heading}>{t('team.membersHeading')}</h2>
          <TeamTable label={t('team.membersHeading')} columns={[t('team.name'), t('team.email'), t('team.role'), t('team.lastActive')]} withActions={manages || transfers}>
              {team.members.map((member) => (
                <tr key={member.id} data-testid="team-member">
                  <td>
                    {member.name} {member.id === user?.id && <span className={styles.muted}>{t('team.you')}</span>}
                  </td>
                  <td>{member.email}</td>
                  <td>
                    {manages && member.role !== 'owner' ? (
                      <select
                        className={styles.select}
                        aria-label={t('team.roleOf', { name: member.name })}
                        value={member.role}
                        disabled={busyId === member.id}
                        onChange={(e) => onRole(member, e.target.value as AssignableRole)}
                      >
                        <option value="admin">{t('team.roles.admin')}</option>
                        <option value="member">{t('team.roles.member')}</option>
                      </select>
                    ) : (
                      t(`team.roles.${member.role}`)
                    )}
                  </td>
                  <td data-label={t('team.lastActive')}>{member.last_active_at ? formatDateTime(member.last_active_at) : t('team.never')}</td>
                  {(manages || transfers) && (
                    <td>
                      <div className={styles.rowActions}>
                        {transfers && member.role === 'admin' && (
                          <Button size="small" variant="secondary" busy={busyId === member.id} onClick={() => onTransfer(member)}>{t('team.transfer')}</Button>
                        )}
                        {/* Leaving is not offered here: removing oneself would sign this browser out mid-action. */}
                        {manages && member.role !== 'owner' && member.id !== user?.id && (
                          <Button size="small" variant="danger" busy={busyId === member.id} onClick={() => onRemove(member)} aria-label={t('team.removeLabel', { name: member.name })}>{t('team.remove')}</Button>
                        )}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
          </TeamTable>
        </Card>
      )}
      {team && (
        <Card className={styles.section}>
          <h2 className={styles.heading}>{t('team.invitationsHeading')}</h2>
          {team.invitations.length === 0 ? (
            <p className={styles.muted}>{t('team.noInvitations')}</p>
          ) : (
            <TeamTable label={t('team.invitationsHeading')} columns={[t('team.email'), t('team.role'), t('team.invitedBy'), t('team.expires')]} withActions={invites}>
                {team.invitations.map((invitation) => (
                  <tr key={invitation.id} data-testid="team-invitation">
                    <td>{invitation.email}</td>
                    <td>{t(`team.roles.${invitation.role}`)}</td>
                    <td data-label={t('team.invitedBy')}>{invitation.invited_by ?? t('team.formerMember')}</td>
                    <td data-label={t('team.expires')}>{invitation.expired ? <strong>{t('team.expired')}</strong> : formatDate(invitation.expires_at)}</td>
                    {invites && (
                      <td>
                        <div className={styles.rowActions}>
                          <Button size="small" variant="secondary" busy={busyId === invitation.id} onClick={() => onResend(invitation)}>{t('team.resend')}</Button>
                          <Button size="small" variant="danger" busy={busyId === invitation.id} onClick={() => onRevoke(invitation)}>{t('team.revoke')}</Button>
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
            </TeamTable>
          )}
        </Card>
      )}
      <ConfirmDialog
        open={pending !== undefined}
        title={pending?.title ?? ''}
        text={pending?.text ?? ''}
        confirmLabel={pending?.confirmLabel ?? ''}
        onConfirm={confirmPending}
        onClose={() => setPending(undefined)}
        errorText={errorText}
      />
      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onInvited={(invitation) => {
            setInviting(false);
            toast.show({ tone: 'success', message: t('team.invited', { email: invitation.email }) });
            void reload();
          }}
        />
      )}
    </div>
  );
}
