import { playerClock, type Comment } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import { usePlayerClock } from '../usePlayerClock.ts';
import styles from './Comments.module.css';
import '../../../messages/en/comments.ts';

/**
 * The video's length as a bar under the player, a marker per pinned comment: a click (or Enter) plays from the
 * comment's moment and points at it in the thread.
 */
export function CommentMarkers({ comments, onOpen }: { comments: Comment[]; onOpen: (comment: Comment) => void }) {
  const clock = usePlayerClock();
  const pinned = comments.filter((c) => c.at_ms !== null);
  if (pinned.length === 0) return null;
  const end = Number.isFinite(clock.duration) && clock.duration > 0 ? clock.duration * 1000 : Math.max(1000, ...pinned.map((c) => c.at_ms!));
  const at = (ms: number) => `${Math.min(100, Math.max(0, (ms / end) * 100))}%`;
  return (
    <div className={styles.markers} role="group" aria-label={t('comments.markers')} data-testid="comment-markers">
      <span className={styles.markersPlayhead} style={{ left: at(clock.currentTime * 1000) }} aria-hidden="true" />
      {pinned.map((comment) => (
        <button
          key={comment.id}
          type="button"
          className={[styles.marker, comment.parent_id ? styles.markerReply : ''].join(' ')}
          style={{ left: at(comment.at_ms!) }}
          aria-label={t('comments.markerLabel', { time: playerClock(comment.at_ms!), author: comment.author.name })}
          title={`${playerClock(comment.at_ms!)} · ${comment.author.name}: ${comment.body.slice(0, 80)}`}
          onClick={() => {
            clock.seek(comment.at_ms! / 1000);
            onOpen(comment);
          }}
        />
      ))}
    </div>
  );
}
