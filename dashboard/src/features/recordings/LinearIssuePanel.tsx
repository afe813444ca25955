import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { RecordingLinearIssue } from '@showback/contract';
import { t } from '../../messages/t.ts';
import { Banner } from '../../ui/Banner.tsx';
import { Button } from '../../ui/Button.tsx';
import { chatErrorText } from '../integrations/chatErrorText.ts';
import { createLinearIssue, getRecordingLinearIssue } from '../integrations/linearApi.ts';
import { usePolledResource } from './usePolledResource.ts';
import styles from './RecordingPage.module.css';
import '../../messages/en/recordings.ts';

/** An issue still open follows Linear's webhooks: the page asks again every few seconds until it is done or canceled. */
const open = (data: RecordingLinearIssue): boolean => data.issue !== null && !['completed', 'canceled'].includes(data.issue.state.type);

/**
 * "Create issue in Linear" on a recording's page: the issue it was escalated to (identifier, title, state, link), or
 * the button that creates it with the diagnosis. Escalating again updates the same issue with what is new.
 */
export function LinearIssuePanel({ submissionId }: { submissionId: string }) {
  const { data, reload } = usePolledResource((signal) => getRecordingLinearIssue(submissionId, signal), [submissionId], open);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);
  if (!data) return null;
  const { issue, can_create: canCreate } = data;

  const escalate = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await createLinearIssue(submissionId);
      reload();
    } catch (e) {
      setError(chatErrorText(e, 'recordings.linear.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="linear-title" data-testid="linear-issue">
      <h2 id="linear-title" className={styles.panelTitle}>
        {t('recordings.linear.title')}
      </h2>
      {error && <Banner tone="error">{error}</Banner>}
      {issue ? (
        <dl className={styles.facts}>
          <div className={styles.wide}>
            <dt>{t('recordings.linear.issue')}</dt>
            <dd>
              <a href={issue.url} target="_blank" rel="noreferrer">
                {issue.identifier}
              </a>{' '}
              {issue.title}
            </dd>
          </div>
          <div>
            <dt>{t('recordings.linear.state')}</dt>
            <dd data-state-type={issue.state.type}>{issue.state.name}</dd>
          </div>
        </dl>
      ) : (
        <p className={styles.muted}>{canCreate ? t('recordings.linear.none') : <>{t('recordings.linear.notConnected')} <Link to="/my/integrations">{t('recordings.linear.integrations')}</Link></>}</p>
      )}
      {canCreate && (
        <Button variant={issue ? 'secondary' : 'primary'} busy={busy} onClick={() => void escalate()}>
          {issue ? t('recordings.linear.update') : t('recordings.linear.create')}
        </Button>
      )}
    </section>
  );
}
