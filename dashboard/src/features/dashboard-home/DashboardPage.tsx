import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../ui/Banner.tsx';
import { buttonClassName } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { t } from '../../messages/t.ts';
import { currentUserFetchedWithin, fetchCurrentUser } from '../auth/authApi.ts';
import { userAtom } from '../auth/userAtom.ts';
import { ListSkeleton } from '../../ui/ListSkeleton.tsx';
import { SubmissionList } from '../recordings/SubmissionList.tsx';
import { reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { listSubmissions } from '../recordings/submissionsApi.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { listRequests } from '../requests/requestsApi.ts';
import { readUsage } from './readUsage.ts';
import styles from './DashboardPage.module.css';
import '../../messages/en/home.ts';
import '../../messages/en/requests.ts';

const RECENT = 5;
/** A user fetched this recently is this page load's: the dashboard does not ask for it again. */
const USER_FRESH_MS = 5000;

export function DashboardPage() {
  const [user, setUser] = useAtom(userAtom);
  const recent = useApiResource((signal) => listSubmissions({ page: 1, per_page: RECENT }, signal), []);
  const requests = useApiResource((signal) => listRequests({ status: 'active', page: 1, per_page: 1 }, signal), []);

  // Usage changes whenever a customer submits: refresh the stored user (spec §4: a fetch replaces it), unless the
  // start-up fetch of this page load (startApp) just did, so one load asks once.
  useEffect(() => {
    if (currentUserFetchedWithin(USER_FRESH_MS)) return;
    const controller = new AbortController();
    fetchCurrentUser().then(
      (fresh) => !controller.signal.aborted && setUser(fresh),
      () => undefined,
    );
    return () => controller.abort();
  }, [setUser]);

  const usage = readUsage(user);
  const noRequests = requests.data?.total === 0;
  const error = recent.error ?? requests.error;
  // Whether the account has an open request decides what comes first (the first-request prompt above the cards, or a
  // requests card before the recent recordings): nothing below the header until that is known, so nothing already
  // painted is pushed down when it arrives.
  const requestsKnown = requests.data !== undefined || requests.error !== undefined;

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('home.title')}
        subtitle={user?.name ? t('home.greeting', { name: user.name }) : undefined}
        actions={
          <Link to="/my/requests?new=1" className={buttonClassName()}>
            + {t('requests.newRequest')}
          </Link>
        }
      />
      {error !== undefined && !recent.loading && !requests.loading && <Banner tone="error">{reviewErrorMessage(error, t('home.loadFailed'))}</Banner>}
      {!requestsKnown && <ListSkeleton rows={3} />}

      {noRequests && (
        <EmptyState
          title={t('home.firstTitle')}
          icon="✉"
          action={
            <Link to="/my/requests?new=1" className={buttonClassName()}>
              {t('home.firstAction')}
            </Link>
          }
        >
          {t('home.firstText')}
        </EmptyState>
      )}

      {requestsKnown && (
        <div className={styles.cards}>
          {usage && (
            <section className={styles.card} aria-labelledby="usage-title" data-testid="usage">
              <h2 id="usage-title" className={styles.cardTitle}>
                {t('home.usageTitle')}
              </h2>
              <p className={styles.figure}>
                {usage.limit === null ? t('home.usageUnlimited', { used: usage.used }) : t('home.usageOf', { used: usage.used, limit: usage.limit })}
              </p>
              {usage.limit !== null && (
                <progress className={[styles.meter, styles[usage.level]].join(' ')} max={usage.limit} value={Math.min(usage.used, usage.limit)} aria-labelledby="usage-title" />
              )}
              {usage.level === 'normal' && <p className={styles.muted}>{t('home.usageHint')}</p>}
              {usage.level !== 'normal' && (
                <p className={usage.level === 'reached' ? styles.reached : styles.approaching}>
                  {usage.level === 'reached' ? t('home.usageReached') : t('home.usageApproaching')} <Link to="/upgrade">{t('home.upgrade')}</Link>
                </p>
              )}
            </section>
          )}
          {requests.data && !noRequests && (
            <section className={styles.card} aria-labelledby="requests-title">
              <h2 id="requests-title" className={styles.cardTitle}>
                {t('home.requestsTitle')}
              </h2>
              <p className={styles.figure}>{requests.data.total === 1 ? t('home.openRequestsOne') : t('home.openRequests', { count: requests.data.total })}</p>
              <Link to="/my/requests">{t('home.manageRequests')}</Link>
            </section>
          )}
        </div>
      )}

      {requestsKnown && !(noRequests && recent.data?.total === 0) && (
        <section aria-labelledby="recent-title" className={styles.recent}>
          <div className={styles.recentHeader}>
            <h2 id="recent-title" className={styles.sectionTitle}>
              {t('home.recentTitle')}
            </h2>
            {recent.data && recent.data.total > 0 && <Link to="/my/recordings">{t('home.viewAll')}</Link>}
          </div>
          {recent.loading && !recent.data && <ListSkeleton rows={3} />}
          {recent.data && recent.data.items.length > 0 && <SubmissionList items={recent.data.items} />}
          {recent.data && recent.data.items.length === 0 && <p className={styles.muted}>{t('home.noRecordings')}</p>}
        </section>
      )}
    </div>
  );
}
