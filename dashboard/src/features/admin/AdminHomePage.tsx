import type { AdminOverview } from '@showback/contract';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Card } from '../../ui/Card.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { getOverview } from './adminApi.ts';
import { auditActionLabel, auditChange } from './auditEntry.ts';
import type { admin } from '../../messages/en/admin.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import { last } from '../../app/last.ts';
import { formatDateTime } from '../../ui/formatters.ts';
import '../../messages/en/adminArea.ts';
import '../../messages/en/admin.ts';

type AdminSection = keyof (typeof admin)['sections'];

const SECTIONS: [string, AdminSection][] = [
  ['users', 'users'],
  ['accounts', 'accounts'],
  ['support-requests', 'supportRequests'],
  ['chats', 'chats'],
  ['recording-requests', 'recordingRequests'],
  ['submissions', 'submissions'],
  ['webhook-deliveries', 'webhookDeliveries'],
  ['invitations', 'invitations'],
  ['notification-deliveries', 'notificationDeliveries'],
  ['zapier-subscriptions', 'zapierSubscriptions'],
];

function Figure({ value, label, to }: { value: number; label: string; to?: string }) {
  return (
    <Card>
      <p className={styles.figure}>{value}</p>
      <p className={styles.label}>{to ? <Link to={to}>{label}</Link> : label}</p>
    </Card>
  );
}

/** /donkey: the figures operators check first, submissions per day, the latest admin actions and the sections. */
export function AdminHomePage() {
  const [overview, setOverview] = useState<AdminOverview | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    getOverview().then(setOverview, () => setFailed(true));
  }, []);
  const peak = Math.max(1, ...(overview?.submissions_per_day.map((d) => d.count) ?? []));
  const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

  return (
    <div className={helpdesk.page}>
      <PageHeader title={t('adminArea.homeTitle')} subtitle={t('adminArea.homeIntro')} />
      {failed && <Banner tone="error">{t('adminArea.loadFailed')}</Banner>}
      <nav aria-label={t('adminArea.sections')}>
        <ul className={styles.links}>
          {SECTIONS.map(([path, section]) => (
            <li key={path}>
              <Link to={`/donkey/${path}`}>{capitalized(t(`admin.sections.${section}`))}</Link>
            </li>
          ))}
        </ul>
      </nav>
      {overview && (
        <>
          <section className={helpdesk.stack} aria-label={t('adminArea.signups')}>
            <div className={styles.cards}>
              <Figure value={overview.signups.today} label={`${t('adminArea.signups')} · ${t('adminArea.today')}`} to="/donkey/users" />
              <Figure value={overview.signups.last_7_days} label={`${t('adminArea.signups')} · ${t('adminArea.days7')}`} />
              <Figure value={overview.signups.last_30_days} label={`${t('adminArea.signups')} · ${t('adminArea.days30')}`} />
              <Figure value={overview.submissions.today} label={`${t('adminArea.submissions')} · ${t('adminArea.today')}`} to="/donkey/submissions" />
              <Figure value={overview.submissions.last_7_days} label={`${t('adminArea.submissions')} · ${t('adminArea.days7')}`} />
              <Figure value={overview.submissions.last_30_days} label={`${t('adminArea.submissions')} · ${t('adminArea.days30')}`} />
              <Figure value={overview.trials_ending_7_days} label={t('adminArea.trialsEnding')} to="/donkey/accounts?sort=trial_ending" />
              <Figure value={overview.failed_processing} label={t('adminArea.failedProcessing')} to="/donkey/submissions" />
              <Figure value={overview.failing_deliveries} label={t('adminArea.failingDeliveries')} to="/donkey/webhook-deliveries" />
              <Figure value={overview.open_support_requests} label={t('adminArea.openSupport')} to="/donkey/support-requests" />
              <Figure value={overview.unread_chats} label={t('adminArea.unreadChats')} to="/donkey/chats?unread=true" />
            </div>
          </section>
          <Card className={helpdesk.stack}>
            <h2 className={helpdesk.heading}>{t('adminArea.perDay')}</h2>
            <div className={styles.chart} role="img" aria-label={overview.submissions_per_day.map((d) => t('adminArea.perDayBar', { day: d.day, count: d.count })).join(', ')}>
              {overview.submissions_per_day.map((d) => (
                <span key={d.day} className={styles.bar} style={{ height: `${(d.count / peak) * 100}%` }} title={t('adminArea.perDayBar', { day: d.day, count: d.count })} />
              ))}
            </div>
            <p className={helpdesk.muted}>
              {overview.submissions_per_day[0]?.day} – {last(overview.submissions_per_day)?.day}
            </p>
          </Card>
          <Card className={helpdesk.stack}>
            <h2 className={helpdesk.heading}>{t('adminArea.plans')}</h2>
            <p className={helpdesk.text}>{overview.accounts_by_plan.map((p) => `${p.plan}: ${p.count}`).join(' · ')}</p>
          </Card>
          <Card className={helpdesk.stack}>
            <h2 className={helpdesk.heading}>{t('adminArea.recentActions')}</h2>
            {overview.recent_actions.length === 0 ? (
              <p className={helpdesk.muted}>{t('adminArea.noActions')}</p>
            ) : (
              <div className={styles.tableWrap}>
                <table className={styles.table}>
                  <thead>
                    <tr>
                      <th scope="col">{t('adminArea.columns.when')}</th>
                      <th scope="col">{t('adminArea.columns.who')}</th>
                      <th scope="col">{t('adminArea.columns.action')}</th>
                      <th scope="col">{t('adminArea.columns.target')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {overview.recent_actions.map((a) => (
                      <tr key={a.id}>
                        <td>{formatDateTime(a.created_at)}</td>
                        <td>{a.actor_email}</td>
                        <td>
                          {auditActionLabel(a.action)}
                          <div className={helpdesk.meta}>{auditChange(a)}</div>
                        </td>
                        <td>
                          {a.target_type} <code>{a.target_id.slice(0, 8)}</code>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
