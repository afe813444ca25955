import type { WidgetEvent } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import { formatOffset, isBad, summary } from './timelineModel.ts';
import styles from './TimelinePanel.module.css';
import '../../../messages/en/timeline.ts';

interface Props {
  event: WidgetEvent;
  current: boolean;
  /** A group heading shown above this row. */
  heading?: 'before' | 'during';
  onSeek: () => void;
}

function badge(e: WidgetEvent): string {
  if (e.kind === 'console') return e.level;
  if (e.kind === 'network') return e.status ? String(e.status) : t('timeline.networkError');
  if (e.kind === 'action') return t(`timeline.actions.${e.action}`);
  return t(`timeline.kinds.${e.kind}`);
}

export function TimelineRow({ event: e, current, heading, onSeek }: Props) {
  const bad = isBad(e);
  const before = e.t < 0;
  const detail = e.kind === 'error' ? e.stack : e.kind === 'network' ? [e.error, e.response_body].filter(Boolean).join('\n') || undefined : undefined;
  const label = `${before ? t('timeline.before') : formatOffset(e.t)} · ${t(`timeline.kinds.${e.kind}`)} · ${badge(e)}${bad ? ` · ${t('timeline.failed')}` : ''}: ${summary(e).slice(0, 200)}`;
  return (
    <>
      {heading && (
        <li className={styles.group} aria-hidden="true">
          {heading === 'before' ? t('timeline.before') : t('timeline.during')}
        </li>
      )}
      <li className={[styles.row, bad ? styles.bad : '', current ? styles.current : '', before ? styles.before : ''].join(' ')} aria-current={current ? 'true' : undefined} data-kind={e.kind} data-offset={e.t}>
        <button type="button" data-row className={styles.rowButton} onClick={onSeek} aria-label={`${label}. ${before ? '' : t('timeline.seek', { time: formatOffset(e.t) })}`} title={before ? t('timeline.beforeHint') : undefined}>
          <span className={styles.time}>{formatOffset(e.t)}</span>
          <span className={[styles.badge, styles[`badge_${e.kind}`] ?? ''].join(' ')}>{badge(e)}</span>
          <span className={styles.text}>
            {summary(e)}
            {e.kind === 'network' && <span className={styles.meta}> · {Math.round(e.duration_ms)} ms</span>}
            {e.kind === 'action' && e.selector && <span className={styles.meta}> · {e.selector}</span>}
          </span>
        </button>
        {detail && (
          <details className={styles.details}>
            <summary>{e.kind === 'error' ? 'Stack' : 'Details'}</summary>
            <pre>{detail}</pre>
          </details>
        )}
      </li>
    </>
  );
}
