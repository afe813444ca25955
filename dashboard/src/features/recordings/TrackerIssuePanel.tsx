import type { DependencyList } from 'react';
import { Link } from 'react-router-dom';
import { useAction } from '../../app/useAction.ts';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { usePolledResource } from './usePolledResource.ts';
import styles from './RecordingPage.module.css';
import '../../messages/en/recordings.ts';

/** An engineering issue as the recording's page shows it, whatever the tracker. */
export interface TrackerIssueView {
  key: string;
  title: string;
  url: string;
  state: string;
  /** The tracker's own kind of state (Linear's state type, Jira's status category), for styling. */
  stateKind: string;
  /** Done or canceled: nothing more is expected from the tracker's webhooks. */
  closed: boolean;
}

export interface RecordingTrackerIssue {
  issue: TrackerIssueView | null;
  can_create: boolean;
}

/** An issue still open follows the tracker's webhooks: the page asks again every few seconds until it is closed. */
const open = (data: RecordingTrackerIssue): boolean => data.issue !== null && !data.issue.closed;

/**
 * "Create issue in Linear/Jira/GitHub" on a recording's page: the issue it was escalated to (key, title, state, link), or the
 * button that creates it with the diagnosis. Escalating again updates the same issue with what is new.
 */
export function TrackerIssuePanel({
  tracker,
  load,
  create,
  deps,
  hideWhenUnavailable = false,
}: {
  tracker: 'linear' | 'jira' | 'github';
  load: (signal: AbortSignal) => Promise<RecordingTrackerIssue>;
  create: () => Promise<unknown>;
  deps: DependencyList;
  /** Show nothing when there is no issue and none can be created (a second tracker need not ask to be connected). */
  hideWhenUnavailable?: boolean;
}) {
  const { data, reload } = usePolledResource(load, deps, open);
  const action = useAction<'escalate'>();
  if (!data) return null;
  const { issue, can_create: canCreate } = data;
  if (hideWhenUnavailable && !issue && !canCreate) return null;

  const escalate = () =>
    action.run(
      'escalate',
      async () => {
        await create();
        reload();
      },
      t(`recordings.${tracker}.failed`),
    );

  return (
    <section className={styles.panel} aria-labelledby={`${tracker}-title`} data-testid={`${tracker}-issue`}>
      <h2 id={`${tracker}-title`} className={styles.panelTitle}>
        {t(`recordings.${tracker}.title`)}
      </h2>
      {action.error && <Banner tone="error">{action.error}</Banner>}
      {issue ? (
        <dl className={styles.facts}>
          <div className={styles.wide}>
            <dt>{t(`recordings.${tracker}.issue`)}</dt>
            <dd>
              <a href={issue.url} target="_blank" rel="noreferrer">
                {issue.key}
              </a>{' '}
              {issue.title}
            </dd>
          </div>
          <div>
            <dt>{t(`recordings.${tracker}.state`)}</dt>
            <dd data-state-type={issue.stateKind}>{issue.state}</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.muted}>
          {canCreate ? (
            t(`recordings.${tracker}.none`)
          ) : (
            <>
              {t(`recordings.${tracker}.notConnected`)} <Link to="/my/integrations">{t(`recordings.${tracker}.integrations`)}</Link>
            </>
          )}
        </p>
      )}
      {canCreate && (
        <Button variant={issue ? 'secondary' : 'primary'} busy={action.busy === 'escalate'} onClick={() => void escalate()}>
          {issue ? t(`recordings.${tracker}.update`) : t(`recordings.${tracker}.create`)}
        </Button>
      )}
    </section>
  );
}
