import { useEffect, useState, type FormEvent } from 'react';
import type { OutsideLinks, SharingMode, SharingSettings } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Card } from '../../ui/Card.tsx';
import { SelectField } from '../../ui/TextField.tsx';
import { TextAreaField } from '../../ui/TextAreaField.tsx';
import { getSharingSettings, updateSharingSettings } from '../sharing/sharingApi.ts';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { SectionLoading } from './SectionLoading.tsx';
import { useSaveAction } from './useSaveAction.ts';
import styles from './AccountPage.module.css';
import '../../messages/en/sharing.ts';
import '../../messages/en/account.ts';

const FIELDS = ['mode', 'domains', 'outside_links'] as const;
const domainsOf = (text: string): string[] => text.split(/[\s,;]+/).map((d) => d.trim().replace(/^@/, '').toLowerCase()).filter(Boolean);

/** /my/account: whether share links exist (changed by owners and admins, seen by everyone), the company's email domains, what outside messages link to. */
export function SharingSection() {
  const [state, setState] = useState<SharingSettings>();
  const [loadFailed, setLoadFailed] = useState(false);
  const [mode, setMode] = useState<SharingMode>('verified');
  const [domains, setDomains] = useState('');
  const [outside, setOutside] = useState<OutsideLinks>('domain');
  const save = useSaveAction(FIELDS, t('sharing.saveFailed'));
  const canEdit = usePermission('account.sharing').allowed;

  const show = (loaded: SharingSettings) => {
    setState(loaded);
    setMode(loaded.mode);
    setDomains(loaded.domains.join('\n'));
    setOutside(loaded.outside_links);
  };
  const load = () => {
    setLoadFailed(false);
    getSharingSettings().then(show, () => setLoadFailed(true));
  };
  useEffect(load, []);

  if (!state) return <SectionLoading heading={t('sharing.settingsTitle')} failed={loadFailed} failedText={t('sharing.loadFailed')} onRetry={load} />;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save.run(async () => show(await updateSharingSettings({ mode, domains: domainsOf(domains), outside_links: outside })));
  };
  return (
    <Card className={styles.section}>
      <h2 className={styles.heading} id="sharing">{t('sharing.settingsTitle')}</h2>
      <p className={styles.intro}>{t('sharing.settingsText')}</p>
      <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('sharing.settingsTitle')}>
        {save.failure.form && <Banner tone="error">{save.failure.form}</Banner>}
        {save.saved && <Banner tone="success" onDismiss={save.dismissSaved}>{t('sharing.saved')}</Banner>}
        <NotAllowed actions={['account.sharing']} />
        <SelectField label={t('sharing.mode')} name="mode" disabled={!canEdit} value={mode} onChange={(e) => setMode(e.target.value as SharingMode)} options={(['off', 'verified', 'on'] as const).map((value) => ({ value, label: t(`sharing.modes.${value}`) }))} error={save.failure.fields.mode} />
        <TextAreaField label={t('sharing.domains')} name="domains" readOnly={!canEdit} rows={3} value={domains} onChange={(e) => setDomains(e.target.value)} hint={t('sharing.domainsHint')} error={save.failure.fields.domains} />
        <SelectField label={t('sharing.outsideLinks')} name="outside_links" disabled={!canEdit} value={outside} onChange={(e) => setOutside(e.target.value as OutsideLinks)} options={(['domain', 'issue'] as const).map((value) => ({ value, label: t(`sharing.outsideOptions.${value}`) }))} />
        <p className={styles.intro}>{t('sharing.outsideHint')}</p>
        {canEdit && (
          <div className={styles.actions}>
            <Button type="submit" busy={save.busy}>{t('sharing.save')}</Button>
          </div>
        )}
      </form>
    </Card>
  );
}
