import { useState, type FormEvent } from 'react';
import { WIDGET_POSITIONS, type WidgetAppearance, type WidgetSettings } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { Checkbox } from '../../ui/Checkbox.tsx';
import { SelectField, TextField } from '../../ui/TextField.tsx';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import { reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { updateWidgetSettings } from './widgetApi.ts';
import styles from './WidgetPage.module.css';
import '../../messages/en/widgetPage.ts';

export function AppearanceEditor({ settings, onSaved }: { settings: WidgetSettings; onSaved: (s: WidgetSettings) => void }) {
  const [draft, setDraft] = useState<WidgetAppearance>(settings.appearance);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const toast = useToast();
  const set = <K extends keyof WidgetAppearance>(key: K, value: WidgetAppearance[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const next = await updateWidgetSettings({ appearance: draft });
      onSaved(next);
      setDraft(next.appearance);
      toast.show({ tone: 'success', message: t('widgetPage.appearance.saved') });
    } catch (e) {
      setError(reviewErrorMessage(e, t('widgetPage.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} className={styles.appearance}>
      <div className={styles.fields}>
        <Checkbox label={t('widgetPage.appearance.launcher')} checked={draft.launcher} onChange={(e) => set('launcher', e.target.checked)} />
        <p className={styles.hint}>{t('widgetPage.appearance.launcherHint')}</p>
        <SelectField
          label={t('widgetPage.appearance.position')}
          value={draft.position}
          disabled={!draft.launcher}
          options={WIDGET_POSITIONS.map((p) => ({ value: p, label: t(`widgetPage.positions.${p}`) }))}
          onChange={(e) => set('position', e.target.value as WidgetAppearance['position'])}
        />
        <TextField label={t('widgetPage.appearance.label')} value={draft.label} maxLength={60} disabled={!draft.launcher} onChange={(e) => set('label', e.target.value)} />
        <div className={styles.colours}>
          <label className={styles.colour}>
            <input type="color" value={draft.background} disabled={!draft.launcher} onChange={(e) => set('background', e.target.value)} />
            {t('widgetPage.appearance.background')}
          </label>
          <label className={styles.colour}>
            <input type="color" value={draft.color} disabled={!draft.launcher} onChange={(e) => set('color', e.target.value)} />
            {t('widgetPage.appearance.color')}
          </label>
        </div>
        {error && <Banner tone="error">{error}</Banner>}
        <div className={styles.buttons}>
          <Button type="submit" size="small" busy={busy}>
            {t('widgetPage.appearance.save')}
          </Button>
        </div>
      </div>
      <figure className={styles.preview} aria-label={t('widgetPage.appearance.preview')}>
        {draft.launcher ? (
          <span className={[styles.previewButton, styles[draft.position.replace('-', '_')]].join(' ')} style={{ background: draft.background, color: draft.color }}>
            {draft.label.trim() || 'Record your screen'}
          </span>
        ) : (
          <span className={styles.previewNone}>{t('widgetPage.appearance.noLauncher')}</span>
        )}
        <figcaption className="visually-hidden">{t('widgetPage.appearance.preview')}</figcaption>
      </figure>
    </form>
  );
}
