import { subdomainNameProblems, type AccountSubdomain } from '@showback/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { SectionLoading } from './SectionLoading.tsx';
import { claimSubdomain, getSubdomain, releaseSubdomain } from './subdomainApi.ts';
import { useSaveAction } from './useSaveAction.ts';
import styles from './AccountPage.module.css';
import '../../messages/en/subdomain.ts';

const FIELDS = ['name'] as const;

/** The server's plan and configuration refusals are written for the person. */
const releaseFailure = (error: unknown): string => (error instanceof ApiError && error.code !== 'INTERNAL' ? error.message : t('subdomain.releaseFailed'));

/** /my/account, owners and admins: the branded subdomain recorder links are shown on (docs/branded-subdomains.md). */
export function SubdomainSection() {
  const [state, setState] = useState<AccountSubdomain>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [releasing, setReleasing] = useState(false);
  const save = useSaveAction(FIELDS, t('subdomain.failed'));

  const show = (loaded: AccountSubdomain) => {
    setState(loaded);
    setName(loaded.subdomain?.name ?? '');
    setTouched(false);
  };
  const load = () => {
    setLoadFailed(false);
    getSubdomain().then(show, () => setLoadFailed(true));
  };
  useEffect(load, []);

  if (!state) return <SectionLoading heading={t('subdomain.heading')} failed={loadFailed} failedText={t('subdomain.loadFailed')} onRetry={load} />;
  const heading = <h2 className={styles.heading}>{t('subdomain.heading')}</h2>;
  if (!state.base_domain) {
    return (
      <Card className={styles.section}>
        {heading}
        <p className={styles.intro}>{t('subdomain.off')}</p>
      </Card>
    );
  }

  const current = state.subdomain;
  const typed = name.trim().toLowerCase();
  const problem = touched && typed ? subdomainNameProblems(typed)[0] : undefined;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (subdomainNameProblems(typed).length) return;
    void save.run(async () => show(await claimSubdomain(typed)));
  };

  return (
    <Card className={styles.section}>
      {heading}
      <p className={styles.intro}>{t('subdomain.intro', { example: `acme.${state.base_domain}` })}</p>
      {current && (
        <Banner tone={current.status === 'active' ? 'success' : current.status === 'preview' ? 'info' : 'warning'}>
          <span data-testid="subdomain-status">{t(`subdomain.status.${current.status}`, { address: current.origin })}</span>
        </Banner>
      )}
      {state.can_claim ? (
        <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('subdomain.heading')}>
          {save.failure.form && <Banner tone="error">{save.failure.form}</Banner>}
          {save.saved && <Banner tone="success" onDismiss={save.dismissSaved}>{t('subdomain.saved')}</Banner>}
          <TextField
            label={t('subdomain.name')}
            name="subdomain"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={63}
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setTouched(true);
            }}
            end={<span aria-hidden="true">.{state.base_domain}</span>}
            hint={current ? t('subdomain.renameHint') : t('subdomain.nameHint', { domain: state.base_domain })}
            error={problem ? t('subdomain.problem', { problem }) : save.failure.fields.name && t('subdomain.problem', { problem: save.failure.fields.name })}
          />
          <div className={styles.actions}>
            <Button type="submit" busy={save.busy} disabled={!typed || typed === current?.name}>{t('subdomain.save')}</Button>
            {current && <Button variant="ghost" onClick={() => setReleasing(true)}>{t('subdomain.release')}</Button>}
          </div>
        </form>
      ) : (
        <>
          <p className={styles.intro}>
            {t('subdomain.planGate')} <Link to="/upgrade">{t('subdomain.upgrade')}</Link>
          </p>
          {current && (
            <div className={styles.actions}>
              <Button variant="ghost" onClick={() => setReleasing(true)}>{t('subdomain.release')}</Button>
            </div>
          )}
        </>
      )}
      <ConfirmDialog
        open={releasing}
        title={t('subdomain.releaseTitle', { name: current?.name ?? '' })}
        text={t('subdomain.releaseText')}
        confirmLabel={t('subdomain.release')}
        onConfirm={async () => show(await releaseSubdomain())}
        onClose={() => setReleasing(false)}
        errorText={releaseFailure}
      />
    </Card>
  );
}
