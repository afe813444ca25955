import type { WidgetEvent } from '@showback/contract';
import { isBad } from './timelineModel.ts';
import styles from './TimelinePanel.module.css';

/**
 * The recording as a bar with a mark per event and the playhead; a pointer shortcut only (aria-hidden), since the
 * list below carries the same events for the keyboard and screen readers.
 */
export function TimelineTrack({ events, duration, currentTime, onSeek }: { events: WidgetEvent[]; duration: number; currentTime: number; onSeek: (e: WidgetEvent) => void }) {
  const during = events.filter((e) => e.t >= 0);
  const end = Number.isFinite(duration) && duration > 0 ? duration * 1000 : Math.max(1, ...during.map((e) => e.t));
  const at = (ms: number) => `${Math.min(100, Math.max(0, (ms / end) * 100))}%`;
  return (
    <div className={styles.track} aria-hidden="true">
      {during.map((e, i) => (
        <span key={i} className={[styles.mark, isBad(e) ? styles.markBad : e.kind === 'action' ? styles.markAction : ''].join(' ')} data-kind={e.kind} style={{ left: at(e.t) }} onClick={() => onSeek(e)} />
      ))}
      <span className={styles.playhead} style={{ left: at(currentTime * 1000) }} />
    </div>
  );
}
