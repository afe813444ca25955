import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { t } from '../../messages/t.ts';
import { ListSkeleton } from '../../ui/ListSkeleton.tsx';
import { PER_PAGE, Pagination } from '../../ui/Pagination.tsx';
import { SubmissionList } from './SubmissionList.tsx';
import { listSubmissions } from './submissionsApi.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import styles from './RecordingsPage.module.css';
import { LoadFailedBanner } from '../../ui/LoadFailedBanner.tsx';
import '../../messages/en/recordings.ts';

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function RecordingsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  // `meta=plan:enterprise`, from a value's link on a recording's page (MetadataPanel); the API checks the shape.
  const meta = params.getAll('meta').filter((m) => m.indexOf(':') > 0);
  const metaKey = meta.join('\n');
  const page = pageFrom(params);
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);

  const { data, error, loading, reload } = useApiResource(
    (signal) => listSubmissions({ q: q || undefined, meta: metaKey ? metaKey.split('\n') : undefined, page, per_page: PER_PAGE }, signal),
    [q, metaKey, page],
  );

  const go = (next: { q?: string; meta?: string[]; page?: number }) => {
    const nq = next.q ?? q;
    const np = next.page ?? 1;
    const search = new URLSearchParams();
    if (nq) search.set('q', nq);
    for (const m of next.meta ?? meta) search.append('meta', m);
    if (np > 1) search.set('page', String(np));
    setParams(search);
  };
  const filtered = Boolean(q) || meta.length > 0;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    go({ q: draft.trim(), page: 1 });
  };

  return (
    <div className={styles.page}>
      <PageHeader title={t('recordings.title')} subtitle={t('recordings.subtitle')} />
      <form role="search" className={styles.search} onSubmit={submit}>
        <label htmlFor="recordings-q" className="visually-hidden">
          {t('recordings.search')}
        </label>
        <input
          id="recordings-q"
          type="search"
          className={styles.input}
          value={draft}
          placeholder={t('recordings.searchPlaceholder')}
          maxLength={200}
          onChange={(e) => setDraft(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          {t('recordings.searchButton')}
        </Button>
        {q && (
          <Button variant="ghost" onClick={() => go({ q: '', page: 1 })}>
            {t('recordings.clearSearch')}
          </Button>
        )}
      </form>
      {meta.length > 0 && (
        <ul className={styles.filters} aria-label={t('recordings.metadataFilters')}>
          {meta.map((m) => {
            const [key, value] = [m.slice(0, m.indexOf(':')), m.slice(m.indexOf(':') + 1)];
            return (
              <li key={m} className={styles.filter}>
                <span>
                  {key} = {value}
                </span>
                <button type="button" className={styles.removeFilter} aria-label={t('recordings.removeMetadataFilter', { key, value })} onClick={() => go({ meta: meta.filter((x) => x !== m) })}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}

      {error !== undefined && !loading && (
        <LoadFailedBanner error={error} whatFailed={t('recordings.loadFailed')} onRetry={reload} />
      )}
      {loading && !data && <ListSkeleton rows={4} />}
      {data && (
        <div aria-busy={loading} className={loading ? styles.stale : undefined}>
          {data.items.length > 0 && (
            <>
              <p className={styles.count} aria-live="polite">
                {data.total === 1 ? t('recordings.resultsOne') : t('recordings.results', { count: data.total })}
              </p>
              <SubmissionList items={data.items} />
              <Pagination page={data.page} perPage={data.per_page} total={data.total} onPage={(p) => go({ page: p })} />
            </>
          )}
          {data.items.length === 0 && filtered && (
            <EmptyState title={q ? t('recordings.noResults', { q }) : t('recordings.noFilterResults')}>{t('recordings.noResultsHint')}</EmptyState>
          )}
          {data.items.length === 0 && !filtered && (
            <EmptyState
              title={t('recordings.emptyTitle')}
              action={
                <Link to="/my/requests" className={buttonClassName()}>
                  {t('recordings.goToRequests')}
                </Link>
              }
            >
              {t('recordings.emptyText')}
            </EmptyState>
          )}
        </div>
      )}
    </div>
  );
}
