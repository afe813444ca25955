import type { AdminAccountDetail, AdminUserDetail } from '@showback/contract';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { AccountActions, AccountFacts, actionFailure } from './AccountPanel.tsx';
import { adminDate } from './AdminUsersPage.tsx';
import { AuditEntries } from './AuditEntries.tsx';
import { getUserDetail, sendPasswordReset } from './peopleApi.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import { formatDateTime } from '../../ui/formatters.ts';
import '../../messages/en/adminPeople.ts';
import '../../messages/en/adminArea.ts';

/** /donkey/users/:id: who the user is, how they sign in, their account, support requests, chat and the admin actions. */
export function AdminUserDetailPage() {
  const { id = '' } = useParams();
  const toast = useToast();
  const confirm = useConfirm();
  const [user, setUser] = useState<AdminUserDetail | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const load = useCallback(async () => {
    try {
      setUser(await getUserDetail(id));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const reset = async (target: AdminUserDetail) => {
    if (!(await confirm({ title: t('adminPeople.resetTitle', { email: target.email }), text: t('adminPeople.resetConfirm'), confirmLabel: t('adminPeople.sendReset'), tone: 'primary' }))) return;
    setBusy(true);
    try {
      await sendPasswordReset(target.id);
      toast.show({ tone: 'success', message: t('adminPeople.resetDone', { email: target.email }) });
      await load();
    } catch (err) {
      toast.show({ tone: 'error', message: actionFailure(err) });
    } finally {
      setBusy(false);
    }
  };
  // Account actions answer with the account; the user's own audit list does not change, so no reload is needed.
  const accountChanged = (account: AdminAccountDetail) => setUser((u) => (u ? { ...u, account } : u));

  if (failed) return <Banner tone="error">{t('adminPeople.loadFailed')}</Banner>;
  if (!user) return <Spinner />;
  const facts: [string, string][] = [
    [t('adminPeople.role'), `${user.role}${user.is_sysadmin ? ` · ${t('adminArea.sysadmin')}` : ''}`],
    [t('adminPeople.status'), t(user.disabled ? 'adminPeople.disabled' : 'adminPeople.enabled')],
    [t('adminPeople.emailVerified'), t(user.email_verified ? 'adminPeople.yes' : 'adminPeople.no')],
    [t('adminPeople.created'), adminDate(user.created_at)],
    [t('adminPeople.lastActive'), adminDate(user.last_active_at)],
    [t('adminPeople.signIn'), [...(user.has_password ? [t('adminPeople.password')] : []), ...user.identities.map((i) => `${i.provider} (${i.email})`)].join(', ') || '—'],
  ];

  return (
    <div className={helpdesk.page}>
      <Link to="/donkey/users">← {t('adminPeople.back')}</Link>
      <PageHeader title={user.name} subtitle={user.email} />
      <div className={styles.detailGrid}>
        <Card className={helpdesk.stack}>
          <h2 className={helpdesk.heading}>{t('adminPeople.profile')}</h2>
          <dl className={styles.facts}>
            {facts.map(([term, value]) => (
              <div key={term}>
                <dt>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className={helpdesk.row}>
            <Button variant="secondary" busy={busy} disabled={user.disabled} onClick={() => void reset(user)}>{t('adminPeople.sendReset')}</Button>
          </div>
        </Card>
        <AccountFacts account={user.account} detailLink />
        <AccountActions account={user.account} onChanged={accountChanged} />
        <Card className={helpdesk.stack}>
          <h2 className={helpdesk.heading}>{t('adminPeople.support')}</h2>
          {user.support_requests.length === 0 ? (
            <p className={helpdesk.muted}>{t('adminPeople.noSupport')}</p>
          ) : (
            <ul className={helpdesk.list}>
              {user.support_requests.map((r) => (
                <li key={r.id}>
                  <Link to={`/donkey/support-requests?status=any&id=${r.id}`}>{r.subject}</Link>{' '}
                  <span className={helpdesk.meta}>{r.status} · {adminDate(r.created_at)} · {t('adminPeople.replies', { count: r.replies })}</span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card className={helpdesk.stack}>
          <div className={helpdesk.spread}>
            <h2 className={helpdesk.heading}>{t('adminPeople.chat')}</h2>
            {user.chat.total > 0 && <Link to={`/donkey/chats?q=${encodeURIComponent(user.email)}`}>{t('adminPeople.openChat')}</Link>}
          </div>
          {user.chat.total === 0 ? (
            <p className={helpdesk.muted}>{t('adminPeople.noChat')}</p>
          ) : (
            <>
              <p className={helpdesk.muted}>{t('adminPeople.chatShown', { shown: user.chat.messages.length, total: user.chat.total })}</p>
              {user.chat.messages.map((m) => (
                <div key={m.id} className={helpdesk.reply}>
                  <p className={helpdesk.meta}>{m.author_name} · {formatDateTime(m.created_at)}</p>
                  <p className={helpdesk.text}>{m.body}</p>
                </div>
              ))}
            </>
          )}
        </Card>
      </div>
      <Card className={helpdesk.stack}>
        <h2 className={helpdesk.heading}>{t('adminPeople.audit')}</h2>
        {user.audit.length === 0 && user.account.audit.length === 0 ? (
          <p className={helpdesk.muted}>{t('adminPeople.noAudit')}</p>
        ) : (
          <AuditEntries entries={[...user.audit, ...user.account.audit].sort((a, b) => b.created_at.localeCompare(a.created_at))} />
        )}
      </Card>
    </div>
  );
}
