import { ACCESS_TOKEN_EXPIRY_DAYS, type AccessToken, type AccessTokenScope, type CreatedAccessToken } from '@showback/contract';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../app/api.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { formatDate, formatDateTime } from '../../ui/formatters.ts';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { TOAST_LIFETIME } from '../../ui/toastAtom.ts';
import { useToast } from '../../ui/useToast.ts';
import { usePermission } from '../auth/usePermission.ts';
import { formFailure } from '../auth/formError.ts';
import { createToken, listAccountTokens, listMyTokens, revokeAccountToken, revokeMyToken } from './accessTokensApi.ts';
import { SectionLoading } from './SectionLoading.tsx';
import styles from './AccountPage.module.css';
import own from './AccessTokensSection.module.css';
import '../../messages/en/accessTokens.ts';
import '../../messages/en/common.ts';

/** The server's refusals (too many tokens, a disabled user) are written for the person; anything else gets `fallback`. */
const failureText = (fallback: string) => (error: unknown): string => (error instanceof ApiError && error.fromServer && error.code !== 'INTERNAL' ? error.message : fallback);

function TokenList({ label, tokens, showOwner, empty, onRevoke }: { label: string; tokens: AccessToken[]; showOwner: boolean; empty: string; onRevoke: (token: AccessToken) => void }) {
  if (tokens.length === 0) return <p className={styles.intro}>{empty}</p>;
  const now = Date.now();
  return (
    <ul className={own.list} aria-label={label}>
      {tokens.map((token) => {
        const expired = new Date(token.expires_at).getTime() <= now;
        return (
          <li key={token.id} className={own.item} data-testid="access-token">
            <div>
              <div className={own.name}>
                {token.name} <span className={own.prefix}>{token.prefix}…</span>
              </div>
              <div className={own.facts}>
                {showOwner && <>{t('accessTokens.owner', { name: token.owner.name, email: token.owner.email })} · </>}
                {t(`accessTokens.scopes.${token.scope}`)} · {t('accessTokens.created', { date: formatDate(token.created_at) })} ·{' '}
                {token.last_used_at ? t('accessTokens.lastUsed', { date: formatDateTime(token.last_used_at) }) : t('accessTokens.neverUsed')} ·{' '}
                {expired ? <strong>{t('accessTokens.expired', { date: formatDate(token.expires_at) })}</strong> : t('accessTokens.expires', { date: formatDate(token.expires_at) })}
              </div>
            </div>
            <Button size="small" variant="danger" onClick={() => onRevoke(token)} aria-label={t('accessTokens.revokeLabel', { name: token.name })}>
              {t('accessTokens.revoke')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

/** The token just made, shown this once with a copy button until the person says they have it. */
function NewToken({ created, onDone }: { created: CreatedAccessToken; onDone: () => void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created.token);
      toast.show({ tone: 'success', message: t('common.copied'), lifetimeMs: TOAST_LIFETIME.copy });
    } catch {
      input.current?.select();
      toast.show({ tone: 'warning', message: t('common.copyFailed') });
    }
  };
  return (
    <Banner tone="success">
      <p>
        <strong>{t('accessTokens.createdTitle')}</strong> {t('accessTokens.createdText')}
      </p>
      <div className={own.secret}>
        <label htmlFor={id} className="visually-hidden">{t('accessTokens.tokenLabel')}</label>
        <input id={id} ref={input} value={created.token} readOnly onFocus={(e) => e.currentTarget.select()} data-testid="new-access-token" />
        <Button size="small" variant="secondary" onClick={() => void copy()}>{t('accessTokens.copy')}</Button>
        <Button size="small" variant="ghost" onClick={onDone}>{t('accessTokens.done')}</Button>
      </div>
    </Banner>
  );
}

/** /my/account: the person's personal access tokens (docs/api.md); owners and admins also see and revoke everyone's. */
export function AccessTokensSection() {
  const { allowed: managesAll } = usePermission('tokens.manage');
  const [mine, setMine] = useState<AccessToken[]>();
  const [everyone, setEveryone] = useState<AccessToken[]>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<AccessTokenScope>('read');
  const [days, setDays] = useState<(typeof ACCESS_TOKEN_EXPIRY_DAYS)[number]>(30);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ form?: string; name?: string }>({});
  const [created, setCreated] = useState<CreatedAccessToken>();
  const [revoking, setRevoking] = useState<{ token: AccessToken; asAdmin: boolean }>();

  const load = () => {
    setLoadFailed(false);
    Promise.all([listMyTokens(), managesAll ? listAccountTokens() : undefined]).then(
      ([my, all]) => {
        setMine(my.items);
        setEveryone(all?.items);
      },
      () => setLoadFailed(true),
    );
  };
  useEffect(load, [managesAll]);

  if (!mine) return <SectionLoading heading={t('accessTokens.heading')} failed={loadFailed} failedText={t('accessTokens.loadFailed')} onRetry={load} />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setFailure({});
    try {
      setCreated(await createToken({ name: name.trim(), scope, expires_in_days: days }));
      setName('');
      load();
    } catch (error) {
      const shown = formFailure(error, ['name'], t('accessTokens.createFailed'));
      // The server's CONFLICT (too many tokens) says what to do; formFailure would replace it with the general message.
      setFailure({ name: shown.fields.name, form: error instanceof ApiError && error.code === 'CONFLICT' ? error.message : shown.form });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className={styles.section}>
      <h2 className={styles.heading}>{t('accessTokens.heading')}</h2>
      <p className={styles.intro}>
        {t('accessTokens.intro')} <a href="/api/docs">{t('accessTokens.docs')}</a>
      </p>
      {created && <NewToken created={created} onDone={() => setCreated(undefined)} />}
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate aria-label={t('accessTokens.create')}>
        {failure.form && <Banner tone="error">{failure.form}</Banner>}
        <TextField label={t('accessTokens.name')} name="token-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} hint={t('accessTokens.nameHint')} error={failure.name} />
        <SelectField
          label={t('accessTokens.scope')}
          name="token-scope"
          value={scope}
          onChange={(e) => setScope(e.target.value as AccessTokenScope)}
          options={(['read', 'write'] as const).map((value) => ({ value, label: t(`accessTokens.scopes.${value}`) }))}
        />
        <SelectField
          label={t('accessTokens.expiry')}
          name="token-expiry"
          value={String(days)}
          onChange={(e) => setDays(Number(e.target.value) as (typeof ACCESS_TOKEN_EXPIRY_DAYS)[number])}
          options={ACCESS_TOKEN_EXPIRY_DAYS.map((value) => ({ value: String(value), label: t('accessTokens.days', { days: value }) }))}
        />
        <div className={styles.actions}>
          <Button type="submit" busy={busy} disabled={!name.trim()}>{t('accessTokens.create')}</Button>
        </div>
      </form>
      <TokenList label={t('accessTokens.mine')} tokens={mine} showOwner={false} empty={t('accessTokens.none')} onRevoke={(token) => setRevoking({ token, asAdmin: false })} />
      {managesAll && everyone && (
        <>
          <h3 className={styles.heading}>{t('accessTokens.accountHeading')}</h3>
          <p className={styles.intro}>{t('accessTokens.accountIntro')}</p>
          <TokenList label={t('accessTokens.accountHeading')} tokens={everyone} showOwner empty={t('accessTokens.accountNone')} onRevoke={(token) => setRevoking({ token, asAdmin: true })} />
        </>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title={t('accessTokens.revokeTitle', { name: revoking?.token.name ?? '' })}
        text={t('accessTokens.revokeText')}
        confirmLabel={t('accessTokens.revoke')}
        onConfirm={async () => {
          if (!revoking) return;
          await (revoking.asAdmin ? revokeAccountToken(revoking.token.id) : revokeMyToken(revoking.token.id));
          load();
        }}
        onClose={() => setRevoking(undefined)}
        errorText={failureText(t('accessTokens.revokeFailed'))}
      />
    </Card>
  );
}
