import type { Environment } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { languageName } from './languageName.ts';
import styles from './RecordingPage.module.css';
import '../../messages/en/recordings.ts';

function browserText(env: Environment): string | undefined {
  if (!env.browser) return undefined;
  return env.browser_version ? `${env.browser} ${env.browser_version}` : env.browser;
}

/**
 * The recipient's browser, OS, screen and page as the recorder captured them, and the language the recorder spoke to
 * them (`recorderLanguage`, null for recordings from before it was kept).
 */
export function EnvironmentPanel({ environment, recorderLanguage }: { environment: Environment; recorderLanguage: string | null }) {
  const rows: [string, string | undefined][] = [
    [t('recordings.detail.browser'), browserText(environment)],
    [t('recordings.detail.os'), environment.os],
    [t('recordings.detail.screen'), environment.screen],
    [t('recordings.detail.viewport'), environment.viewport],
    [t('recordings.detail.dpr'), environment.device_pixel_ratio === undefined ? undefined : String(environment.device_pixel_ratio)],
    [t('recordings.detail.recorderLanguage'), recorderLanguage ? `${languageName(recorderLanguage)} (${recorderLanguage})` : undefined],
    [t('recordings.detail.language'), environment.language],
    [t('recordings.detail.timeZone'), environment.time_zone],
  ];
  const captured = Object.values(environment).some((value) => value !== undefined && value !== '');
  return (
    <section className={styles.panel} aria-labelledby="env-title">
      <h2 id="env-title" className={styles.panelTitle}>
        {t('recordings.detail.environmentTitle')}
      </h2>
      {!captured && <p className={styles.muted}>{t('recordings.detail.environmentMissing')}</p>}
      {captured && (
        <dl className={styles.facts}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={value ? undefined : styles.muted}>{value ?? t('recordings.detail.unknown')}</dd>
            </div>
          ))}
          <div className={styles.wide}>
            <dt>{t('recordings.detail.pageUrl')}</dt>
            <dd className={environment.page_url ? styles.url : styles.muted}>{environment.page_url ?? t('recordings.detail.unknown')}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
