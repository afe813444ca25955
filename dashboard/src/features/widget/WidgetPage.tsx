import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { WidgetSettings } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import { reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { NotAllowed } from '../auth/NotAllowed.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { AppearanceEditor } from './AppearanceEditor.tsx';
import { OriginsEditor } from './OriginsEditor.tsx';
import { SnippetTabs } from './SnippetTabs.tsx';
import { getWidgetSettings, rotateWidgetKey, setUpWidget } from './widgetApi.ts';
import styles from './WidgetPage.module.css';
import '../../messages/en/widgetPage.ts';
import '../../messages/en/common.ts';
import '../../messages/en/titles.ts';

export function WidgetPage() {
  const { data, error, loading, reload } = useApiResource((signal) => getWidgetSettings(signal), []);
  const [saved, setSaved] = useState<WidgetSettings>();
  const settings = saved ?? data;

  if (!settings) {
    if (error !== undefined && !loading) {
      return (
        <Banner tone="error">
          {reviewErrorMessage(error, t('widgetPage.loadFailed'))}{' '}
          <Button variant="ghost" size="small" onClick={reload}>
            {t('common.retry')}
          </Button>
        </Banner>
      );
    }
    return <PageSpinner label={t('common.loading')} />;
  }
  if (settings.key === null) return <NotSetUp onSaved={setSaved} />;
  return <WidgetSettingsView settings={{ ...settings, key: settings.key }} onSaved={setSaved} />;
}

/** Until an owner or admin sets it up, the account has no widget key: reading this page creates nothing. */
function NotSetUp({ onSaved }: { onSaved: (s: WidgetSettings) => void }) {
  const { allowed } = usePermission('widget.configure');
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const setUp = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onSaved(await setUpWidget());
      toast.show({ tone: 'success', message: t('widgetPage.notSetUp.done') });
    } catch (reason) {
      setError(reviewErrorMessage(reason, t('widgetPage.saveFailed')));
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('titles.widget')} subtitle={t('widgetPage.subtitle')} />
      {error && <Banner tone="error">{error}</Banner>}
      <EmptyState
        title={t('widgetPage.notSetUp.title')}
        action={
          allowed && (
            <Button busy={busy} onClick={() => void setUp()}>
              {t('widgetPage.notSetUp.action')}
            </Button>
          )
        }
      >
        {t(allowed ? 'widgetPage.notSetUp.owner' : 'widgetPage.notSetUp.member')}
      </EmptyState>
    </div>
  );
}

function WidgetSettingsView({ settings, onSaved }: { settings: WidgetSettings & { key: string }; onSaved: (s: WidgetSettings) => void }) {
  const toast = useToast();
  const [rotating, setRotating] = useState(false);
  const { allowed } = usePermission('widget.configure');

  const rotate = async () => {
    onSaved(await rotateWidgetKey());
    toast.show({ tone: 'success', message: t('widgetPage.key.rotated') });
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('titles.widget')} subtitle={t('widgetPage.subtitle')} />
      {!settings.plan_allows && (
        <Banner tone="warning" className={styles.notice}>
          <span data-testid="widget-plan-gate">
            {t('widgetPage.planGate')} <Link to="/upgrade">{t('widgetPage.upgrade')}</Link>
          </span>
        </Banner>
      )}
      <NotAllowed actions={['widget.configure']} className={styles.notice} />

      <section className={styles.section} aria-labelledby="widget-origins">
        <h2 id="widget-origins" className={styles.sectionTitle}>
          {t('widgetPage.origins.title')}
        </h2>
        <p className={styles.muted}>{t('widgetPage.origins.text')}</p>
        {allowed ? (
          <OriginsEditor settings={settings} onSaved={onSaved} />
        ) : settings.allowed_origins.length ? (
          <ul className={styles.readOnlyList} data-testid="widget-origins-read-only">
            {settings.allowed_origins.map((origin) => (
              <li key={origin}>
                <code>{origin}</code>
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.muted}>{t('widgetPage.origins.none')}</p>
        )}
      </section>

      {allowed && (
        <section className={styles.section} aria-labelledby="widget-appearance">
          <h2 id="widget-appearance" className={styles.sectionTitle}>
            {t('widgetPage.appearance.title')}
          </h2>
          <AppearanceEditor settings={settings} onSaved={onSaved} />
        </section>
      )}

      <section className={styles.section} aria-labelledby="widget-snippet">
        <h2 id="widget-snippet" className={styles.sectionTitle}>
          {t('widgetPage.snippet.title')}
        </h2>
        <p className={styles.muted}>
          {t('widgetPage.snippet.text')} <Link to="/docs/widget-api">{t('widgetPage.snippet.docs')}</Link>
        </p>
        <SnippetTabs settings={settings} />
      </section>

      <section className={styles.section} aria-labelledby="widget-key">
        <h2 id="widget-key" className={styles.sectionTitle}>
          {t('widgetPage.key.title')}
        </h2>
        <p className={styles.muted}>{t('widgetPage.key.text')}</p>
        <div className={styles.keyRow}>
          <code className={styles.key} data-testid="widget-key">
            {settings.key}
          </code>
          {allowed && (
            <Button variant="secondary" size="small" onClick={() => setRotating(true)}>
              {t('widgetPage.key.rotate')}
            </Button>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={rotating}
        title={t('widgetPage.key.rotateTitle')}
        text={t('widgetPage.key.rotateText')}
        confirmLabel={t('widgetPage.key.rotate')}
        onConfirm={rotate}
        onClose={() => setRotating(false)}
        errorText={(reason) => reviewErrorMessage(reason, t('widgetPage.saveFailed'))}
      />
    </div>
  );
}
