import { useState, type FormEvent } from 'react';
import type { WidgetSettings } from '@showback/contract';
import { ApiError } from '../../app/api.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import { reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { updateWidgetSettings } from './widgetApi.ts';
import styles from './WidgetPage.module.css';
import '../../messages/en/widgetPage.ts';

/** One origin per row; saved as a whole list (the API normalises and checks each entry). */
export function OriginsEditor({ settings, onSaved }: { settings: WidgetSettings; onSaved: (s: WidgetSettings) => void }) {
  const [rows, setRows] = useState<string[]>(settings.allowed_origins.length ? settings.allowed_origins : ['']);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const toast = useToast();

  const set = (i: number, value: string) => setRows((r) => r.map((v, j) => (j === i ? value : v)));
  const remove = (i: number) => setRows((r) => (r.length > 1 ? r.filter((_, j) => j !== i) : ['']));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setErrors([]);
    try {
      const next = await updateWidgetSettings({ allowed_origins: rows.map((r) => r.trim()).filter(Boolean) });
      onSaved(next);
      setRows(next.allowed_origins.length ? next.allowed_origins : ['']);
      toast.show({ tone: 'success', message: t('widgetPage.origins.saved') });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors?.allowed_origins : undefined;
      setErrors(fields?.length ? fields : [reviewErrorMessage(error, t('widgetPage.saveFailed'))]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} className={styles.form} aria-describedby={errors.length ? 'origins-errors' : undefined}>
      <ul className={styles.originList}>
        {rows.map((value, i) => (
          <li key={i} className={styles.originRow}>
            <label className="visually-hidden" htmlFor={`origin-${i}`}>
              {t('widgetPage.origins.label', { n: i + 1 })}
            </label>
            <input
              id={`origin-${i}`}
              className={styles.input}
              value={value}
              placeholder="https://app.example.com"
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => set(i, e.target.value)}
              data-testid="widget-origin"
            />
            <Button variant="ghost" size="small" onClick={() => remove(i)} aria-label={t('widgetPage.origins.remove', { origin: value || String(i + 1) })}>
              ✕
            </Button>
          </li>
        ))}
      </ul>
      {errors.length > 0 && (
        <div id="origins-errors">
          <Banner tone="error">
            <ul className={styles.errorList}>
              {errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </Banner>
        </div>
      )}
      <p className={styles.hint}>{t('widgetPage.origins.hint')}</p>
      <div className={styles.buttons}>
        <Button variant="secondary" size="small" onClick={() => setRows((r) => [...r, ''])}>
          {t('widgetPage.origins.add')}
        </Button>
        <Button type="submit" size="small" busy={busy}>
          {t('widgetPage.origins.save')}
        </Button>
      </div>
    </form>
  );
}
