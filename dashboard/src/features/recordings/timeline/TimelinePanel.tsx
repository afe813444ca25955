import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { WidgetEvent } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import type { TimelinePanelProps } from '../TimelineSlot.tsx';
import { useApiResource } from '../../../app/useApiResource.ts';
import { useCurrentRowInView } from '../useCurrentRowInView.ts';
import { useRecordingSource } from '../recordingSource.ts';
import { usePlayerClock } from '../usePlayerClock.ts';
import { TimelineRow } from './TimelineRow.tsx';
import { TimelineTrack } from './TimelineTrack.tsx';
import { ACTION_FILTERS, LEVEL_FILTERS, STATUS_FILTERS, currentIndex, matches, type ActionFilter, type LevelFilter, type StatusFilter } from './timelineModel.ts';
import styles from './TimelinePanel.module.css';
import { LoadFailedBanner } from '../../../ui/LoadFailedBanner.tsx';
import '../../../messages/en/timeline.ts';
import '../../../messages/en/common.ts';

/**
 * The host page's console, errors, requests, navigations and the customer's actions beside the video: the event the player is at is
 * highlighted (and kept in view), clicking one plays from there, and events from before the recording are listed
 * apart. Rows are buttons in one list; arrow keys, Home and End move between them.
 */
export function TimelinePanel({ submission }: TimelinePanelProps) {
  const source = useRecordingSource(submission.id);
  const { data, error, loading, reload } = useApiResource((signal) => source.events(signal), [submission.id]);
  const { currentTime, seek, duration } = usePlayerClock();
  const [level, setLevel] = useState<LevelFilter>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [actions, setActions] = useState<ActionFilter>('all');
  const list = useRef<HTMLOListElement>(null);

  const events = data?.events ?? [];
  const shown = useMemo(() => events.filter((e) => matches(e, level, status, actions)), [events, level, status, actions]);
  // The row the reviewer chose stays current while the player is at its time (events often share a millisecond).
  const [picked, setPicked] = useState<WidgetEvent>();
  const computed = currentIndex(shown, currentTime);
  const pickedIndex = picked ? shown.indexOf(picked) : -1;
  const current = pickedIndex >= 0 && computed >= 0 && shown[computed]!.t === picked!.t ? pickedIndex : computed;
  const firstDuring = shown.findIndex((e) => e.t >= 0);

  useCurrentRowInView(list, current);

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button[data-row]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined || at === -1) return;
    event.preventDefault();
    buttons[Math.max(0, Math.min(buttons.length - 1, next))]?.focus();
  };

  const play = (e: WidgetEvent) => {
    setPicked(e);
    seek(Math.max(0, e.t / 1000));
  };

  return (
    <section className={styles.panel} aria-labelledby="timeline-title" data-testid="timeline">
      <h2 id="timeline-title" className={styles.title}>
        {t('timeline.title')}
      </h2>
      {error !== undefined && !loading ? (
        <LoadFailedBanner error={error} whatFailed={t('timeline.loadFailed')} onRetry={reload} />
      ) : !data ? (
        <p className={styles.muted}>{t('common.loading')}</p>
      ) : events.length === 0 ? (
        <p className={styles.muted}>{t('timeline.empty')}</p>
      ) : (
        <>
          <div className={styles.filters}>
            <label>
              <span>{t('timeline.levelFilter')}</span>
              <select value={level} onChange={(e) => setLevel(e.target.value as LevelFilter)} data-testid="timeline-level">
                {LEVEL_FILTERS.map((l) => (
                  <option key={l} value={l}>
                    {t(`timeline.levels.${l}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('timeline.statusFilter')}</span>
              <select value={status} onChange={(e) => setStatus(e.target.value as StatusFilter)} data-testid="timeline-status">
                {STATUS_FILTERS.map((s) => (
                  <option key={s} value={s}>
                    {t(`timeline.statuses.${s}`)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('timeline.actionFilter')}</span>
              <select value={actions} onChange={(e) => setActions(e.target.value as ActionFilter)} data-testid="timeline-actions">
                {ACTION_FILTERS.map((a) => (
                  <option key={a} value={a}>
                    {t(`timeline.actionFilters.${a}`)}
                  </option>
                ))}
              </select>
            </label>
          </div>
          <TimelineTrack events={shown} duration={duration} currentTime={currentTime} onSeek={play} />
          <p className={styles.count} aria-live="polite">
            {t('timeline.count', { shown: shown.length, total: events.length })}
          </p>
          {data.dropped_events > 0 && <p className={styles.muted}>{t('timeline.dropped', { n: data.dropped_events })}</p>}
          {shown.length === 0 ? (
            <p className={styles.muted}>{t('timeline.noMatch')}</p>
          ) : (
            <ol ref={list} className={styles.list} onKeyDown={onKeyDown} aria-label={t('timeline.title')}>
              {shown.map((e, i) => (
                <TimelineRow
                  key={i}
                  event={e}
                  current={i === current}
                  heading={i === 0 && e.t < 0 ? 'before' : i === firstDuring ? 'during' : undefined}
                  onSeek={() => play(e)}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
