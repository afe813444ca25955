import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { Submission } from '@showback/contract';
import { Button, buttonClassName } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { usePermission } from '../auth/usePermission.ts';
import { ShareDialog } from '../sharing/ShareDialog.tsx';
import { GitHubIssuePanel } from './GitHubIssuePanel.tsx';
import { JiraIssuePanel } from './JiraIssuePanel.tsx';
import { LinearIssuePanel } from './LinearIssuePanel.tsx';
import { RecordingHeading, RecordingReview } from './RecordingReview.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { formatDateTime } from '../../ui/formatters.ts';
import { memberCommentWriter } from './comments/commentsApi.ts';
import { useDiscussion } from './comments/useDiscussion.tsx';
import { ReviewControls } from './comments/ReviewControls.tsx';
import { useCommentThread, useTeamMembers } from './comments/useCommentThread.ts';
import { recipientLabel } from './SubmissionList.tsx';
import { deleteSubmission, getSubmission } from './submissionsApi.ts';
import { isNotFound, reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import styles from './RecordingPage.module.css';
import { LoadFailedBanner } from '../../ui/LoadFailedBanner.tsx';
import '../../messages/en/recordings.ts';
import '../../messages/en/sharing.ts';
import '../../messages/en/common.ts';

/** How often the page asks again while the video is being processed. */
const PROCESSING_POLL_MS = 3000;

export function RecordingPage() {
  const { id = '' } = useParams();
  const { data, error, loading, reload } = useApiResource((signal) => getSubmission(id, signal), [id]);
  const pending = data?.status === 'queued' || data?.status === 'processing';

  useEffect(() => {
    if (!pending || loading) return;
    const timer = setTimeout(reload, PROCESSING_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, loading, reload]);

  if (data && data.id === id) return <RecordingView submission={data} />;
  if (error !== undefined && !loading) {
    return (
      <div className={styles.page}>
        <BackLink />
        {isNotFound(error) ? (
          <EmptyState
            title={t('recordings.detail.notFound')}
            action={
              <Link to="/my/recordings" className={buttonClassName()}>
                {t('recordings.detail.back')}
              </Link>
            }
          />
        ) : (
          <LoadFailedBanner error={error} whatFailed={t('recordings.detail.loadFailed')} onRetry={reload} />
        )}
      </div>
    );
  }
  return <PageSpinner label={t('common.loading')} />;
}

function BackLink() {
  return (
    <Link to="/my/recordings" className={styles.back}>
      ← {t('recordings.detail.back')}
    </Link>
  );
}

function RecordingView({ submission }: { submission: Submission }) {
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const [sharing, setSharing] = useState(false);
  const canShare = usePermission('recordings.share').allowed;
  const who = recipientLabel(submission);
  const thread = useCommentThread(submission.id);
  const members = useTeamMembers();
  const canComment = usePermission('recordings.comment');
  const [writer] = useState(() => memberCommentWriter(submission.id));
  const { playerMarks, discussion } = useDiscussion({ writer, canComment, thread, members });

  const remove = async () => {
    await deleteSubmission(submission.id);
    toast.show({ tone: 'success', message: t('recordings.detail.deleted') });
    navigate('/my/recordings', { replace: true });
  };

  const header = (
    <>
      <BackLink />
      <RecordingHeading
        title={submission.request_title}
        subtitle={
          <>
            {who} · <time dateTime={submission.created_at}>{formatDateTime(submission.created_at)}</time> · <StatusBadge status={submission.status} />
          </>
        }
        actions={
          <>
            <ReviewControls submissionId={submission.id} review={thread.data?.review} members={members} onChanged={thread.reload} />
            {canShare && (
              <Button onClick={() => setSharing(true)} data-testid="share">
                {t('sharing.share')}
              </Button>
            )}
            {submission.download_url && (
              <a href={submission.download_url} download className={buttonClassName({ variant: canShare ? 'secondary' : 'primary' })} data-testid="download">
                {submission.serving_original ? t('recordings.detail.downloadOriginal') : t('recordings.detail.download')}
              </a>
            )}
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('recordings.detail.delete')}
            </Button>
          </>
        }
      />
    </>
  );

  return (
    <div className={styles.page}>
      <RecordingReview
        submission={submission}
        header={header}
        playerMarks={playerMarks}
        discussion={discussion}
        sidePanels={
          <>
            <LinearIssuePanel submissionId={submission.id} />
            <JiraIssuePanel submissionId={submission.id} />
            <GitHubIssuePanel submissionId={submission.id} />
          </>
        }
      />
      {sharing && <ShareDialog submissionId={submission.id} onClose={() => setSharing(false)} />}

      <ConfirmDialog
        open={confirming}
        title={t('recordings.detail.deleteTitle')}
        text={t('recordings.detail.deleteText')}
        confirmLabel={t('recordings.detail.deleteConfirm')}
        onConfirm={remove}
        onClose={() => setConfirming(false)}
        errorText={(reason) => reviewErrorMessage(reason, t('recordings.detail.deleteFailed'))}
      />
    </div>
  );
}
