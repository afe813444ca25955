import { Link } from 'react-router-dom';
import type { RecordingRequest } from '@showback/contract';
import { Button } from '../../ui/Button.tsx';
import { t } from '../../messages/t.ts';
import { formatDate } from '../../ui/formatters.ts';
import { CopyLinkField } from './CopyLinkField.tsx';
import type { RequestAction } from './requestsApi.ts';
import styles from './RequestsPage.module.css';
import '../../messages/en/requests.ts';

export type RequestItemAction = RequestAction | 'edit' | 'delete';

export interface RequestItemProps {
  request: RecordingRequest;
  busy: boolean;
  onAction: (action: RequestItemAction, request: RecordingRequest) => void;
}

export function isExpired(request: RecordingRequest, now = Date.now()): boolean {
  return request.expires_at !== null && new Date(request.expires_at).getTime() <= now;
}

export function RequestItem({ request, busy, onAction }: RequestItemProps) {
  const expired = isExpired(request);
  const archived = request.status === 'archived';
  const headingId = `request-${request.id}`;
  return (
    <li className={styles.item} aria-labelledby={headingId} data-testid="request-item">
      <div className={styles.itemTop}>
        <h2 id={headingId} className={styles.itemTitle}>
          <Link to={`/my/requests/${request.id}/recordings`}>{request.title}</Link>
        </h2>
        <span className={[styles.badge, archived ? styles.archived : expired ? styles.expired : styles.active].join(' ')}>
          {archived ? t('requests.statusArchived') : expired ? t('requests.expired') : t('requests.statusActive')}
        </span>
      </div>
      <p className={styles.meta}>
        <Link to={`/my/requests/${request.id}/recordings`}>{request.submission_count === 1 ? t('requests.submissionsOne') : t('requests.submissions', { count: request.submission_count })}</Link>
        <span>{t('requests.createdOn', { date: formatDate(request.created_at) })}</span>
        {request.expires_at && <span>{t('requests.expiresOn', { date: formatDate(request.expires_at) })}</span>}
      </p>
      {!archived && <CopyLinkField url={request.link_url} label={t('requests.linkFor', { title: request.title })} />}
      <div className={styles.itemActions} role="group" aria-label={t('requests.actionsFor', { title: request.title })}>
        <Button variant="ghost" size="small" disabled={busy} onClick={() => onAction('edit', request)}>
          {t('requests.edit')}
        </Button>
        <Button variant="ghost" size="small" disabled={busy} onClick={() => onAction(archived ? 'unarchive' : 'archive', request)}>
          {archived ? t('requests.unarchive') : t('requests.archive')}
        </Button>
        {!archived && (
          <Button variant="ghost" size="small" disabled={busy} onClick={() => onAction('revoke', request)}>
            {t('requests.revoke')}
          </Button>
        )}
        <Button variant="ghost" size="small" className={styles.dangerText} disabled={busy} onClick={() => onAction('delete', request)}>
          {t('requests.delete')}
        </Button>
      </div>
    </li>
  );
}
