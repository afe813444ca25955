import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { REVIEW_STATES, type ListSubmissionsQuery, type ReviewState } from '@showback/contract';
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
import { userAtom } from '../auth/userAtom.ts';
import { getUnread } from './comments/commentsApi.ts';
import { ReviewStateOptions } from './comments/ReviewControls.tsx';
import { useTeamMembers } from './comments/useCommentThread.ts';
import '../../messages/en/recordings.ts';
import '../../messages/en/comments.ts';

/** The review filters as the address carries them (?state=…&assignee=…&mentions=1). */
interface Filters {
  state?: ReviewState;
  /** A member's id, or none. */
  assignee?: string;
  mentions: boolean;
  /** `meta=plan:enterprise`, from a value's link on a recording's page (MetadataPanel); the API checks the shape. */
  meta: string[];
}

function filtersFrom(params: URLSearchParams): Filters {
  const state = params.get('state');
  return {
    ...(REVIEW_STATES.includes(state as ReviewState) ? { state: state as ReviewState } : {}),
    ...(params.get('assignee') ? { assignee: params.get('assignee')! } : {}),
    mentions: params.get('mentions') === '1',
    meta: params.getAll('meta').filter((m) => m.indexOf(':') > 0),
  };
}

const asQuery = (f: Filters): Partial<ListSubmissionsQuery> => ({
  ...(f.state ? { review_state: f.state } : {}),
  ...(f.assignee ? { assignee: f.assignee } : {}),
  ...(f.mentions ? { mentions_me: true } : {}),
  ...(f.meta.length > 0 ? { meta: f.meta } : {}),
});

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

export function RecordingsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  const page = pageFrom(params);
  const filters = filtersFrom(params);
  const filtered = Boolean(filters.state || filters.assignee || filters.mentions || filters.meta.length > 0);
  const filterKey = params.toString();
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const me = useAtomValue(userAtom);
  const members = useTeamMembers();
  const memberNames = useMemo(() => new Map(members.map((m) => [m.id, m.name])), [members]);
  const unread = useApiResource((signal) => getUnread(signal), []);
  const unreadBy = useMemo(() => new Map((unread.data?.items ?? []).map((i) => [i.submission_id, i.unread])), [unread.data]);

  const { data, error, loading, reload } = useApiResource(
    (signal) => listSubmissions({ q: q || undefined, page, per_page: PER_PAGE, ...asQuery(filtersFrom(new URLSearchParams(filterKey))) }, signal),
    [q, page, filterKey],
  );

  const go = (next: { q?: string; page?: number; filters?: Filters }) => {
    const nq = next.q ?? q;
    const np = next.page ?? 1;
    const f = next.filters ?? filters;
    const search = new URLSearchParams();
    if (nq) search.set('q', nq);
    if (f.state) search.set('state', f.state);
    if (f.assignee) search.set('assignee', f.assignee);
    if (f.mentions) search.set('mentions', '1');
    for (const m of f.meta) search.append('meta', m);
    if (np > 1) search.set('page', String(np));
    setParams(search);
  };
  const setFilter = (change: Partial<Filters>) => go({ page: 1, filters: { ...filters, ...change } });

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
      {filters.meta.length > 0 && (
        <ul className={styles.metaFilters} aria-label={t('recordings.metadataFilters')}>
          {filters.meta.map((m) => {
            const [key, value] = [m.slice(0, m.indexOf(':')), m.slice(m.indexOf(':') + 1)];
            return (
              <li key={m} className={styles.metaFilter}>
                <span>
                  {key} = {value}
                </span>
                <button type="button" className={styles.removeFilter} aria-label={t('recordings.removeMetadataFilter', { key, value })} onClick={() => setFilter({ meta: filters.meta.filter((x) => x !== m) })}>
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className={styles.filters} role="group" aria-label={t('comments.filters.label')}>
        <label className={styles.filter}>
          <span>{t('comments.filters.state')}</span>
          <select className={styles.select} value={filters.state ?? ''} onChange={(e) => setFilter({ state: (e.target.value || undefined) as ReviewState | undefined })}>
            <option value="">{t('comments.filters.anyState')}</option>
            <ReviewStateOptions />
          </select>
        </label>
        <label className={styles.filter}>
          <span>{t('comments.filters.assignee')}</span>
          <select className={styles.select} value={filters.assignee ?? ''} onChange={(e) => setFilter({ assignee: e.target.value || undefined })}>
            <option value="">{t('comments.filters.anyone')}</option>
            <option value="none">{t('comments.filters.nobody')}</option>
            {me && <option value={me.id}>{t('comments.filters.me')}</option>}
            {members
              .filter((m) => m.id !== me?.id)
              .map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
          </select>
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={filters.mentions} onChange={(e) => setFilter({ mentions: e.target.checked })} />
          {t('comments.filters.mentionsMe')}
        </label>
        {filtered && (
          <Button variant="ghost" size="small" onClick={() => go({ page: 1, filters: { mentions: false, meta: [] } })}>
            {t('comments.filters.clear')}
          </Button>
        )}
      </div>

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
              <SubmissionList items={data.items} unread={unreadBy} memberNames={memberNames} />
              <Pagination page={data.page} perPage={data.per_page} total={data.total} onPage={(p) => go({ page: p })} />
            </>
          )}
          {data.items.length === 0 && q && (
            <EmptyState title={t('recordings.noResults', { q })}>{t('recordings.noResultsHint')}</EmptyState>
          )}
          {data.items.length === 0 && !q && filtered && <EmptyState title={t('comments.filters.noMatch')} />}
          {data.items.length === 0 && !q && !filtered && (
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
