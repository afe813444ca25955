import type { SubmissionSummary } from '@showback/contract';
import { Link } from 'react-router-dom';
import { t } from '../../messages/t.ts';
import { StatusBadge } from './StatusBadge.tsx';
import { formatDate, formatDuration } from '../../ui/formatters.ts';
import styles from './SubmissionList.module.css';
import '../../messages/en/recordings.ts';
import '../../messages/en/comments.ts';

export interface SubmissionListProps {
  items: SubmissionSummary[];
  /** Hides the request title (on a request's own recordings page). */
  hideRequest?: boolean;
  /** Comments the viewer has not read, by recording (the unread marker). */
  unread?: ReadonlyMap<string, number>;
  /** Team members' names by id, to name each recording's assignee. */
  memberNames?: ReadonlyMap<string, string>;
}

/** Who sent it, as every surface names the sender: name, email, the host app's user id (identify()), else Anonymous. */
export function recipientLabel(item: Pick<SubmissionSummary, 'recipient_name' | 'recipient_email' | 'recipient_user_id'>): string {
  return item.recipient_name || item.recipient_email || (item.recipient_user_id ? t('recordings.appUser', { id: item.recipient_user_id }) : t('recordings.anonymous'));
}

export function SubmissionList({ items, hideRequest = false, unread, memberNames }: SubmissionListProps) {
  return (
    <ul className={styles.list}>
      {items.map((item, index) => {
        const who = recipientLabel(item);
        // The first thumbnail is often the screen's largest paint: fetched at once; the rest as they near the screen.
        const first = index === 0;
        const newComments = unread?.get(item.id) ?? 0;
        const assignee = item.assignee_user_id ? memberNames?.get(item.assignee_user_id) : undefined;
        return (
          <li key={item.id} className={styles.item} data-testid="submission-item">
            <div className={styles.thumb}>
              {item.thumbnail_url ? <img src={item.thumbnail_url} srcSet={item.thumbnail_2x_url ? `${item.thumbnail_url} 1x, ${item.thumbnail_2x_url} 2x` : undefined} alt="" loading={first ? 'eager' : 'lazy'} fetchPriority={first ? 'high' : undefined} decoding="async" /> : <span className={styles.noThumb} aria-hidden="true">▶</span>}
              {item.duration_ms !== null && <span className={styles.duration}>{formatDuration(item.duration_ms)}</span>}
            </div>
            <div className={styles.main}>
              <Link to={`/my/recordings/${item.id}`} className={styles.link} aria-describedby={`meta-${item.id}`}>
                {hideRequest ? who : item.request_title}
              </Link>
              <p className={styles.meta} id={`meta-${item.id}`}>
                {!hideRequest && <span>{who}</span>}
                {item.recipient_name && item.recipient_email && <span className={styles.email}>{item.recipient_email}</span>}
                <span>
                  <span className="visually-hidden">{t('recordings.duration')}: </span>
                  {formatDuration(item.duration_ms)}
                </span>
                <time dateTime={item.created_at}>{formatDate(item.created_at)}</time>
                {assignee && <span>{t('comments.assignedTo', { name: assignee })}</span>}
              </p>
            </div>
            <div className={styles.status}>
              {newComments > 0 && (
                <span className={styles.unread} data-testid="unread">
                  {newComments === 1 ? t('comments.unreadOne') : t('comments.unread', { count: newComments })}
                </span>
              )}
              {item.review_state !== 'open' && <span className={[styles.review, styles[item.review_state]].join(' ')}>{t(`comments.states.${item.review_state}`)}</span>}
              <StatusBadge status={item.status} />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
