import { ENTERPRISE_LIMIT_BOUNDS, TRIAL_EXTENSION_MAX_DAYS, type AdminAccountDetail } from '@showback/contract';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { formatNumber } from '../../ui/formatters.ts';
import type { ConfirmRequest } from '../../ui/confirmAtom.ts';
import { useConfirm } from '../../ui/useConfirm.ts';
import { useToast } from '../../ui/useToast.ts';
import { adminDate } from './AdminUsersPage.tsx';
import { extendTrial, setEnterpriseLimits } from './peopleApi.ts';
import styles from './Admin.module.css';
import helpdesk from '../support/Helpdesk.module.css';
import '../../messages/en/adminPeople.ts';
import '../../messages/en/adminArea.ts';

/** The server's own words when it refused on purpose; a general line for crashes and lost connections. */
export const actionFailure = (err: unknown): string =>
  err instanceof ApiError && err.status > 0 && err.code !== 'INTERNAL' && err.code !== 'HTTP_ERROR' ? err.message : t('adminPeople.actionFailed');

const limitText = (value: number | null) => (value === null ? t('adminPeople.noLimit') : formatNumber(value));

function trialText(account: AdminAccountDetail): string {
  if (!account.trial_ends_at) return t('adminPeople.noTrial');
  const date = adminDate(account.trial_ends_at);
  if (account.trial_active) return t('adminPeople.trialActive', { date });
  // A paid or enterprise plan overrides a trial that has not run out yet.
  return new Date(account.trial_ends_at) > new Date() ? t('adminPeople.trialUnused', { date }) : t('adminPeople.trialEnded', { date });
}

/** The account's plan, trial, limits in force, usage and members; `detailLink` when shown inside a user's page. */
export function AccountFacts({ account, detailLink = false }: { account: AdminAccountDetail; detailLink?: boolean }) {
  const rows: [string, string][] = [
    [t('adminPeople.plan'), `${account.plan} (${account.billing_interval})`],
    [t('adminPeople.effectivePlan'), account.effective_plan],
    [t('adminPeople.trial'), trialText(account)],
    [t('adminPeople.subscription'), account.subscription_status],
    [t('adminPeople.recordingsPerMonth'), limitText(account.limits.submission_limit)],
    [t('adminPeople.retentionDays'), limitText(account.limits.retention_days)],
    [t('adminPeople.seats'), `${account.seats_used} / ${limitText(account.limits.seats)}`],
    [t('adminPeople.usage'), String(account.submissions_this_month)],
    [t('adminPeople.requests'), String(account.recording_requests)],
    [t('adminPeople.submissions'), String(account.submissions)],
    [t('adminPeople.created'), adminDate(account.created_at)],
  ];
  return (
    <Card className={helpdesk.stack}>
      <div className={helpdesk.spread}>
        <h2 className={helpdesk.heading}>{account.name}</h2>
        {detailLink && <Link to={`/donkey/accounts/${account.id}`}>{t('adminPeople.openAccount')}</Link>}
      </div>
      <dl className={styles.facts}>
        {rows.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={helpdesk.heading}>{t('adminPeople.members')}</h3>
      <ul className={helpdesk.list}>
        {account.members.map((m) => (
          <li key={m.id}>
            <Link to={`/donkey/users/${m.id}`}>{m.name}</Link> <span className={helpdesk.meta}>{m.email} · {m.role}{m.disabled ? ` · ${t('adminArea.disabled')}` : ''}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Runs an audited account action once confirmed in the product's dialog; the server's message is shown when it refuses. */
function useAccountAction(onChanged: (account: AdminAccountDetail) => void) {
  const toast = useToast();
  const confirm = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ApiError | undefined>(undefined);
  const run = async (question: ConfirmRequest, action: () => Promise<AdminAccountDetail>, done: (account: AdminAccountDetail) => string) => {
    if (!(await confirm(question))) return;
    setBusy(true);
    setError(undefined);
    try {
      const account = await action();
      onChanged(account);
      toast.show({ tone: 'success', message: done(account) });
    } catch (err) {
      if (err instanceof ApiError) setError(err);
      toast.show({ tone: 'error', message: actionFailure(err) });
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, run };
}

/** Extends a free account's trial by days or to a date (one of the two), with a confirm. */
export function ExtendTrialForm({ account, onChanged }: { account: AdminAccountDetail; onChanged: (account: AdminAccountDetail) => void }) {
  const [days, setDays] = useState('14');
  const [until, setUntil] = useState('');
  const { busy, error, run } = useAccountAction(onChanged);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = until ? { until } : { days: Number(days) };
    void run({ title: t('adminPeople.extendConfirm', { name: account.name }), text: t('adminPeople.extendText'), confirmLabel: t('adminPeople.extend'), tone: 'primary' }, () => extendTrial(account.id, body), (a) => t('adminPeople.extendDone', { name: a.name, date: adminDate(a.trial_ends_at) }));
  };
  return (
    <Card>
      <form className={helpdesk.form} onSubmit={submit} aria-labelledby="extend-trial">
        <h2 id="extend-trial" className={helpdesk.heading}>{t('adminPeople.extendTrial')}</h2>
        <p className={helpdesk.muted}>{t('adminPeople.extendHint', { max: TRIAL_EXTENSION_MAX_DAYS })}</p>
        <div className={helpdesk.row}>
          <TextField label={t('adminPeople.byDays')} type="number" min={1} max={TRIAL_EXTENSION_MAX_DAYS} value={days} disabled={until !== ''} onChange={(e) => setDays(e.target.value)} error={error?.fieldError('days')} />
          <TextField label={t('adminPeople.toDate')} type="date" value={until} onChange={(e) => setUntil(e.target.value)} error={error?.fieldError('until')} />
        </div>
        <div className={helpdesk.row}>
          <Button type="submit" variant="secondary" busy={busy}>{t('adminPeople.extend')}</Button>
        </div>
      </form>
    </Card>
  );
}

const LIMIT_FIELDS = [
  ['submission_limit', 'adminPeople.recordingsPerMonth'],
  ['retention_days', 'adminPeople.retentionDays'],
  ['seats', 'adminPeople.seats'],
] as const;
type LimitName = (typeof LIMIT_FIELDS)[number][0];

/** An enterprise account's negotiated limits; an empty field means no limit. */
export function EnterpriseLimitsForm({ account, onChanged }: { account: AdminAccountDetail; onChanged: (account: AdminAccountDetail) => void }) {
  const initial = (name: LimitName) => (account.enterprise_limits[name] === null ? '' : String(account.enterprise_limits[name]));
  const [values, setValues] = useState<Record<LimitName, string>>({ submission_limit: initial('submission_limit'), retention_days: initial('retention_days'), seats: initial('seats') });
  const { busy, error, run } = useAccountAction(onChanged);
  const limit = (name: LimitName) => (values[name].trim() === '' ? null : Number(values[name]));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { submission_limit: limit('submission_limit'), retention_days: limit('retention_days'), seats: limit('seats') };
    void run({ title: t('adminPeople.limitsTitle', { name: account.name }), text: t('adminPeople.limitsConfirm'), confirmLabel: t('adminPeople.saveLimits'), tone: 'primary' }, () => setEnterpriseLimits(account.id, body), (a) => t('adminPeople.limitsDone', { name: a.name }));
  };
  return (
    <Card>
      <form className={helpdesk.form} onSubmit={submit} aria-labelledby="enterprise-limits">
        <h2 id="enterprise-limits" className={helpdesk.heading}>{t('adminPeople.enterpriseLimits')}</h2>
        <p className={helpdesk.muted}>{t('adminPeople.enterpriseHint', { min: ENTERPRISE_LIMIT_BOUNDS.retention_days.minimum })}</p>
        <div className={helpdesk.row}>
          {LIMIT_FIELDS.map(([name, key]) => (
            <TextField
              key={name}
              label={t(key)}
              type="number"
              min={ENTERPRISE_LIMIT_BOUNDS[name].minimum}
              max={ENTERPRISE_LIMIT_BOUNDS[name].maximum}
              placeholder={t('adminPeople.noLimit')}
              value={values[name]}
              onChange={(e) => setValues({ ...values, [name]: e.target.value })}
              error={error?.fieldError(name)}
            />
          ))}
        </div>
        <div className={helpdesk.row}>
          <Button type="submit" variant="secondary" busy={busy}>{t('adminPeople.saveLimits')}</Button>
        </div>
      </form>
    </Card>
  );
}

/** The account's actions that fit its plan: a trial for free accounts, limits for enterprise ones. */
export function AccountActions({ account, onChanged }: { account: AdminAccountDetail; onChanged: (account: AdminAccountDetail) => void }) {
  if (account.plan === 'free') return <ExtendTrialForm account={account} onChanged={onChanged} />;
  if (account.plan === 'enterprise') return <EnterpriseLimitsForm key={account.id} account={account} onChanged={onChanged} />;
  return <p className={helpdesk.muted}>{t('adminPeople.limitsOnlyEnterprise')}</p>;
}
