import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { DEFAULT_SHARE_EXPIRY_DAYS, SHARE_EXPIRY_DAYS, type CreatedShareLink, type CreateShareLink, type ShareAudience, type ShareLink, type SharingSettings } from '@showback/contract';
import { useApiResource } from '../../app/useApiResource.ts';
import { useAction } from '../../app/useAction.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { LoadFailedBanner } from '../../ui/LoadFailedBanner.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { formatDateTime } from '../../ui/formatters.ts';
import { createShareLink, listShareLinks, revokeShareLink } from './sharingApi.ts';
import styles from './ShareDialog.module.css';
import '../../messages/en/sharing.ts';

type Expiry = `${(typeof SHARE_EXPIRY_DAYS)[number]}` | 'never';

/** Why the account's settings refuse `audience`, as the API would say it; undefined: allowed. */
function refusal(settings: SharingSettings, audience: ShareAudience): string | undefined {
  if (audience === 'anyone' && settings.mode !== 'on') return t('sharing.anyoneOff');
  if (audience === 'domain' && settings.domains.length === 0) return t('sharing.noDomains');
  return undefined;
}

const emailsOf = (text: string): string[] => text.split(/[\s,;]+/).map((e) => e.trim()).filter(Boolean);

/**
 * The Share dialog of a recording (rendered only while open): a form for a new link (audience, expiry, comments),
 * the new link's address once (only its hash is kept), and every link of the recording with who opened it and when,
 * each revocable.
 */
export function ShareDialog({ submissionId, onClose }: { submissionId: string; onClose(): void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const links = useApiResource((signal) => listShareLinks(submissionId, signal), [submissionId]);
  const [created, setCreated] = useState<CreatedShareLink>();

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const settings = links.data?.settings;
  return (
    <dialog ref={dialog} className={styles.modal} aria-labelledby="share-title" onClose={onClose} data-testid="share-dialog">
      <h2 id="share-title" className={styles.heading}>{t('sharing.dialogTitle')}</h2>
      <p className={styles.muted}>{t('sharing.dialogText')}</p>
      {links.error !== undefined && !links.loading && <LoadFailedBanner error={links.error} whatFailed={t('sharing.loadFailed')} onRetry={links.reload} />}
      {settings && settings.mode === 'off' && <SharingOff />}
      {settings && settings.mode !== 'off' && (
        <NewLinkForm
          submissionId={submissionId}
          settings={settings}
          onCreated={(link) => {
            setCreated(link);
            links.reload();
          }}
        />
      )}
      {created && <CreatedLink link={created} />}
      {links.data && <LinkList links={links.data.items} onRevoked={links.reload} />}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => dialog.current?.close()}>{t('sharing.close')}</Button>
      </div>
    </dialog>
  );
}

function SharingOff() {
  return (
    <Banner tone="info">
      {t('sharing.off')} <Link to="/my/account#sharing">{t('sharing.offAdmin')}</Link>
    </Banner>
  );
}

function NewLinkForm({ submissionId, settings, onCreated }: { submissionId: string; settings: SharingSettings; onCreated(link: CreatedShareLink): void }) {
  const [audience, setAudience] = useState<ShareAudience>(settings.domains.length > 0 ? 'domain' : 'people');
  const [emails, setEmails] = useState('');
  const [expiry, setExpiry] = useState<Expiry>(`${DEFAULT_SHARE_EXPIRY_DAYS}`);
  const [allowComments, setAllowComments] = useState(false);
  const action = useAction<'create'>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body: CreateShareLink = {
      audience,
      ...(audience === 'people' ? { emails: emailsOf(emails) } : {}),
      expires_in_days: expiry === 'never' ? null : (Number(expiry) as CreateShareLink['expires_in_days']),
      allow_comments: allowComments,
    };
    void action.run('create', async () => onCreated(await createShareLink(submissionId, body)), t('sharing.createFailed'));
  };

  const blocked = refusal(settings, audience);
  const expiries: Expiry[] = [...SHARE_EXPIRY_DAYS.map((d) => `${d}` as Expiry), ...(settings.never_expires_allowed ? (['never'] as const) : [])];
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('sharing.newLink')}>
      <fieldset className={styles.audiences}>
        <legend>{t('sharing.audience')}</legend>
        {(['domain', 'people', 'anyone'] as const).map((value) => (
          <label key={value} className={styles.audience}>
            <input type="radio" name="audience" value={value} checked={audience === value} onChange={() => setAudience(value)} />
            <span>
              <strong>{t(`sharing.audiences.${value}`)}</strong>
              <span className={styles.muted}>{refusal(settings, value) ?? t(`sharing.audienceHints.${value}`, { domains: settings.domains.join(', ') })}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {audience === 'people' && <TextAreaField label={t('sharing.emails')} name="emails" rows={3} value={emails} onChange={(e) => setEmails(e.target.value)} hint={t('sharing.emailsHint')} />}
      <SelectField label={t('sharing.expiry')} name="expiry" value={expiry} onChange={(e) => setExpiry(e.target.value as Expiry)} options={expiries.map((value) => ({ value, label: t(`sharing.expiries.${value}`) }))} />
      {!settings.never_expires_allowed && <p className={styles.muted}>{t('sharing.neverPaid')}</p>}
      <Checkbox label={t('sharing.allowComments')} checked={allowComments} onChange={(e) => setAllowComments(e.target.checked)} />
      {action.error && <Banner tone="error">{action.error}</Banner>}
      <div className={styles.actions}>
        <Button type="submit" busy={action.busy === 'create'} disabled={blocked !== undefined || (audience === 'people' && emailsOf(emails).length === 0)}>
          {t('sharing.create')}
        </Button>
      </div>
    </form>
  );
}

function CreatedLink({ link }: { link: CreatedShareLink }) {
  const [copied, setCopied] = useState(false);
  const copy = () => void navigator.clipboard.writeText(link.url).then(() => setCopied(true));
  return (
    <Banner tone="success">
      <p className={styles.createdText}>{t('sharing.created')}</p>
      <div className={styles.copyRow}>
        <input readOnly value={link.url} aria-label={t('sharing.linkLabel')} onFocus={(e) => e.target.select()} data-testid="share-url" />
        <Button size="small" onClick={copy}>{copied ? t('sharing.copied') : t('sharing.copy')}</Button>
      </div>
    </Banner>
  );
}

function LinkList({ links, onRevoked }: { links: ShareLink[]; onRevoked(): void }) {
  const action = useAction<string>();
  return (
    <section aria-labelledby="share-links-title" className={styles.links}>
      <h3 id="share-links-title" className={styles.subheading}>{t('sharing.links')}</h3>
      {action.error && <Banner tone="error">{action.error}</Banner>}
      {links.length === 0 ? (
        <p className={styles.muted}>{t('sharing.noLinks')}</p>
      ) : (
        <ul className={styles.list}>
          {links.map((link) => (
            <li key={link.id} className={styles.link} data-testid="share-link">
              <div className={styles.linkHead}>
                <strong>{t(`sharing.audiences.${link.audience}`)}</strong>
                <span className={`${styles.state} ${styles[link.state]}`}>{t(`sharing.states.${link.state}`)}</span>
                {link.state === 'active' && (
                  <Button variant="ghost" size="small" busy={action.busy === link.id} onClick={() => void action.run(link.id, async () => { await revokeShareLink(link.id); onRevoked(); }, t('sharing.revokeFailed'))}>
                    {t('sharing.revoke')}
                  </Button>
                )}
              </div>
              <p className={styles.muted}>
                {[...link.emails, ...link.domains].join(', ')}
                {link.emails.length + link.domains.length > 0 && ' · '}
                {link.expires_at ? t('sharing.expires', { date: formatDateTime(link.expires_at) }) : t('sharing.neverExpires')} ·{' '}
                {link.created_by ? t('sharing.madeBy', { name: link.created_by.name }) : t('sharing.madeByShowback')}
              </p>
              <details className={styles.views}>
                <summary>{link.views.length === 0 ? t('sharing.notOpened') : link.views.length === 1 ? t('sharing.openedOne') : t('sharing.opened', { n: link.views.length })}</summary>
                <ul>
                  {link.views.map((view, i) => (
                    <li key={i}>
                      {view.email ?? t('sharing.someone')} · <time dateTime={view.viewed_at}>{formatDateTime(view.viewed_at)}</time>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
