import { Link, useParams, useSearchParams } from 'react-router-dom';
import { Banner } from '../../ui/Banner.tsx';
import { Button, buttonClassName } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { t } from '../../messages/t.ts';
import { ListSkeleton } from '../../ui/ListSkeleton.tsx';
import { PER_PAGE, Pagination } from '../../ui/Pagination.tsx';
import { SubmissionList } from '../recordings/SubmissionList.tsx';
import { isNotFound, reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { listSubmissions } from '../recordings/submissionsApi.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { CopyLinkField } from './CopyLinkField.tsx';
import { getRequest } from './requestsApi.ts';
import styles from './RequestsPage.module.css';
import '../../messages/en/requests.ts';
import '../../messages/en/common.ts';
import '../../messages/en/recordings.ts';

/** One request's submissions, with its link at hand to send again. */
export function RequestRecordingsPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const request = useApiResource((signal) => getRequest(id, signal), [id]);
  const list = useApiResource((signal) => listSubmissions({ request_id: id, page, per_page: PER_PAGE }, signal), [id, page]);

  const back = (
    <Link to="/my/requests" className={styles.back}>
      ← {t('requests.backToRequests')}
    </Link>
  );

  if (request.error !== undefined && !request.loading) {
    return (
      <div className={styles.page}>
        {back}
        {isNotFound(request.error) ? (
          <EmptyState
            title={t('requests.notFound')}
            action={
              <Link to="/my/requests" className={buttonClassName()}>
                {t('requests.backToRequests')}
              </Link>
            }
          />
        ) : (
          <Banner tone="error">
            {reviewErrorMessage(request.error, t('requests.loadFailed'))}{' '}
            <Button variant="ghost" size="small" onClick={request.reload}>
              {t('common.retry')}
            </Button>
          </Banner>
        )}
      </div>
    );
  }
  const data = request.data?.id === id ? request.data : undefined;
  if (!data) return <ListSkeleton rows={3} />;

  return (
    <div className={styles.page}>
      {back}
      <PageHeader title={t('requests.recordingsTitle', { title: data.title })} />
      {data.status === 'active' && (
        <div className={styles.requestBar}>
          <CopyLinkField url={data.link_url} label={t('requests.linkFor', { title: data.title })} />
        </div>
      )}
      {list.error !== undefined && !list.loading && (
        <Banner tone="error">
          {reviewErrorMessage(list.error, t('recordings.loadFailed'))}{' '}
          <Button variant="ghost" size="small" onClick={list.reload}>
            {t('common.retry')}
          </Button>
        </Banner>
      )}
      {list.loading && !list.data && <ListSkeleton rows={3} />}
      {list.data && list.data.items.length > 0 && (
        <div aria-busy={list.loading}>
          <SubmissionList items={list.data.items} hideRequest />
          <Pagination
            page={list.data.page}
            perPage={list.data.per_page}
            total={list.data.total}
            onPage={(p) => setParams(p > 1 ? { page: String(p) } : {})}
          />
        </div>
      )}
      {list.data && list.data.items.length === 0 && <EmptyState title={t('recordings.emptyTitle')}>{t('recordings.emptyForRequest')}</EmptyState>}
    </div>
  );
}
