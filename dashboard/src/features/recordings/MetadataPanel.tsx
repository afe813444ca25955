import { Link } from 'react-router-dom';
import type { WidgetMetadata } from '@showback/contract';
import { t } from '../../messages/t.ts';
import styles from './RecordingPage.module.css';
import '../../messages/en/recordings.ts';

/** A metadata value as the page set it: strings as given, numbers, booleans and null as written in code. */
export const metadataText = (value: WidgetMetadata[string]): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** The list's filter for one entry (`meta=plan:enterprise`, the API's ListSubmissionsQuery.meta). */
export const metadataFilter = (key: string, value: WidgetMetadata[string]): string => `${key}:${metadataText(value)}`;

/**
 * What the host page attached to a widget recording (`setMetadata`, the `metadata` option, `open({ metadata })`), in
 * the page's order; each value links to the recordings that carry it too (unless `linked` is false: a shared page).
 * The integrator's own text: React escapes it.
 */
export function MetadataPanel({ metadata, linked = true }: { metadata: WidgetMetadata; linked?: boolean }) {
  const entries = Object.entries(metadata);
  return (
    <section className={styles.panel} aria-labelledby="metadata-title" data-testid="metadata-panel">
      <h2 id="metadata-title" className={styles.panelTitle}>
        {t('recordings.detail.metadataTitle')}
      </h2>
      {entries.length === 0 ? (
        <p className={styles.muted}>{t('recordings.detail.metadataNone')}</p>
      ) : (
        <dl className={styles.facts}>
          {entries.map(([key, value]) => (
            <div key={key} className={styles.wide}>
              <dt>{key}</dt>
              <dd>
                {linked ? (
                  <Link
                    to={`/my/recordings?${new URLSearchParams({ meta: metadataFilter(key, value) })}`}
                    title={t('recordings.detail.metadataFilter', { key, value: metadataText(value) })}
                  >
                    {metadataText(value)}
                  </Link>
                ) : (
                  metadataText(value)
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
