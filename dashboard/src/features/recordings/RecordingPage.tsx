import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Submission, Transcript } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { Button, buttonClassName } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { PageSpinner } from '../../ui/Spinner.tsx';
import { useToast } from '../../ui/useToast.ts';
import { t } from '../../messages/t.ts';
import { sanitizeInstructions } from '../requests/sanitizeInstructions.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { EnvironmentPanel } from './EnvironmentPanel.tsx';
import { MetadataPanel } from './MetadataPanel.tsx';
import { GitHubIssuePanel } from './GitHubIssuePanel.tsx';
import { JiraIssuePanel } from './JiraIssuePanel.tsx';
import { LinearIssuePanel } from './LinearIssuePanel.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { TimelineSlot, hasTimelinePanel } from './TimelineSlot.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';
import { CommentMarkers } from './comments/CommentMarkers.tsx';
import { CommentsPanel } from './comments/CommentsPanel.tsx';
import { ReviewControls } from './comments/ReviewControls.tsx';
import { useCommentThread, useTeamMembers } from './comments/useCommentThread.ts';
import { formatBytes, formatDateTime, formatDuration } from '../../ui/formatters.ts';
import { recipientLabel } from './SubmissionList.tsx';
import { deleteSubmission, getSubmission } from './submissionsApi.ts';
import { isNotFound, reviewErrorMessage } from '../../app/reviewErrorMessage.ts';
import { useApiResource } from '../../app/useApiResource.ts';
import { PlayerClockContext, usePlayerClockState } from './usePlayerClock.ts';
import { SummaryPanel } from './summary/SummaryPanel.tsx';
import { TranscriptPanel } from './transcript/TranscriptPanel.tsx';
import { useTranscript } from './transcript/useTranscript.ts';
import styles from './RecordingPage.module.css';
import { LoadFailedBanner } from '../../ui/LoadFailedBanner.tsx';
import '../../messages/en/recordings.ts';
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

/** The captions file, named by the transcript's version: after a correction the player loads the new cues. */
const captionsUrl = (transcript: Transcript | undefined): string | null =>
  transcript?.captions_url ? `${transcript.captions_url}?v=${encodeURIComponent(transcript.updated_at ?? '')}` : null;

/** `?t=` (seconds), as the links to a moment in a Linear issue carry it: the player starts there. */
function useStartAt(seek: (seconds: number) => void): void {
  const [params] = useSearchParams();
  const start = params.get('t');
  useEffect(() => {
    const seconds = Number(start);
    if (start !== null && Number.isFinite(seconds) && seconds >= 0) seek(seconds);
  }, [start, seek]);
}

function RecordingView({ submission }: { submission: Submission }) {
  const { clock, handlers } = usePlayerClockState();
  useStartAt(clock.seek);
  const navigate = useNavigate();
  const toast = useToast();
  const [confirming, setConfirming] = useState(false);
  const transcript = useTranscript(submission);
  const [captionsOn, setCaptionsOn] = useState(true);
  const thread = useCommentThread(submission.id);
  const members = useTeamMembers();
  const [focused, setFocused] = useState<string | null>(null);
  const who = recipientLabel(submission);
  const instructions = sanitizeInstructions(submission.instructions_html);

  const remove = async () => {
    await deleteSubmission(submission.id);
    toast.show({ tone: 'success', message: t('recordings.detail.deleted') });
    navigate('/my/recordings', { replace: true });
  };

  return (
    <PlayerClockContext.Provider value={clock}>
      <div className={styles.page}>
        <BackLink />
        <header className={styles.header}>
          <div className={styles.heading}>
            <h1 className={styles.title}>{submission.request_title}</h1>
            <p className={styles.subtitle}>
              {who} · <time dateTime={submission.created_at}>{formatDateTime(submission.created_at)}</time> · <StatusBadge status={submission.status} />
            </p>
          </div>
          <div className={styles.actions}>
            {thread.data && <ReviewControls submissionId={submission.id} review={thread.data.review} members={members} onChanged={thread.reload} />}
            {submission.download_url && (
              <a href={submission.download_url} download className={buttonClassName()} data-testid="download">
                {submission.serving_original ? t('recordings.detail.downloadOriginal') : t('recordings.detail.download')}
              </a>
            )}
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              {t('recordings.detail.delete')}
            </Button>
          </div>
        </header>

        <ProcessingNotice submission={submission} />

        <div className={[styles.layout, hasTimelinePanel ? styles.withTimeline : ''].join(' ')}>
          <div className={styles.main}>
            <div className={styles.stage}>
              <VideoPlayer submission={submission} handlers={handlers} captionsUrl={captionsUrl(transcript.data)} captionsOn={captionsOn} />
              <CommentMarkers
                comments={thread.data?.items ?? []}
                onOpen={(comment) => {
                  setFocused(comment.id);
                  document.getElementById(`comment-${comment.id}`)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
                }}
              />
            </div>
            <CommentsPanel submissionId={submission.id} thread={thread} members={members} focused={focused} />
            <SummaryPanel submission={submission} transcript={transcript.data} />
            <TranscriptPanel submission={submission} transcript={transcript} captionsOn={captionsOn} onCaptionsChange={setCaptionsOn} />
            <section className={styles.panel} aria-labelledby="instructions-title">
              <h2 id="instructions-title" className={styles.panelTitle}>
                {t('recordings.detail.instructionsTitle')}
              </h2>
              {instructions.trim() ? (
                <div className={styles.richText} dangerouslySetInnerHTML={{ __html: instructions }} />
              ) : (
                <p className={styles.muted}>{t('recordings.detail.noInstructions')}</p>
              )}
            </section>
          </div>

          {hasTimelinePanel && (
            <aside className={styles.timeline} aria-label={t('recordings.detail.timeline')}>
              <TimelineSlot submission={submission} />
            </aside>
          )}

          <div className={styles.side}>
            <section className={styles.panel} aria-labelledby="recipient-title">
              <h2 id="recipient-title" className={styles.panelTitle}>
                {t('recordings.detail.recipientTitle')}
              </h2>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('recordings.detail.name')}</dt>
                  <dd className={submission.recipient_name ? undefined : styles.muted}>{submission.recipient_name ?? t('recordings.detail.notGiven')}</dd>
                </div>
                <div className={styles.wide}>
                  <dt>{t('recordings.detail.email')}</dt>
                  <dd className={submission.recipient_email ? undefined : styles.muted}>
                    {submission.recipient_email ? <a href={`mailto:${submission.recipient_email}`}>{submission.recipient_email}</a> : t('recordings.detail.notGiven')}
                  </dd>
                </div>
                {submission.recipient_user_id && (
                  <div className={styles.wide}>
                    <dt>{t('recordings.detail.appUser')}</dt>
                    <dd title={t('recordings.detail.appUserHint')}>{t('recordings.detail.appUserValue', { id: submission.recipient_user_id })}</dd>
                  </div>
                )}
                <div className={styles.wide}>
                  <dt>{t('recordings.detail.note')}</dt>
                  <dd className={submission.note ? styles.note : styles.muted}>{submission.note ?? t('recordings.detail.notGiven')}</dd>
                </div>
              </dl>
            </section>
            <LinearIssuePanel submissionId={submission.id} />
            <JiraIssuePanel submissionId={submission.id} />
            <GitHubIssuePanel submissionId={submission.id} />
            <EnvironmentPanel environment={submission.environment} recorderLanguage={submission.language} />
            {(submission.source === 'widget' || Object.keys(submission.metadata).length > 0) && <MetadataPanel metadata={submission.metadata} />}
            <section className={styles.panel} aria-labelledby="video-title">
              <h2 id="video-title" className={styles.panelTitle}>
                {t('recordings.detail.detailsTitle')}
              </h2>
              <dl className={styles.facts}>
                <div>
                  <dt>{t('recordings.detail.length')}</dt>
                  <dd>
                    {formatDuration(submission.duration_ms)}
                    {submission.ended_early && <span className={styles.muted}> ({t('recordings.detail.recordedLength', { length: formatDuration(submission.client_duration_ms) })})</span>}
                  </dd>
                </div>
                <div>
                  <dt>{t('recordings.detail.dimensions')}</dt>
                  <dd>{submission.width && submission.height ? `${submission.width}×${submission.height}` : '—'}</dd>
                </div>
                <div>
                  <dt>{t('recordings.detail.size')}</dt>
                  <dd>{formatBytes(submission.size_bytes)}</dd>
                </div>
                <div>
                  <dt>{t('recordings.detail.source')}</dt>
                  <dd>{t(`recordings.source.${submission.source}`)}</dd>
                </div>
              </dl>
              {submission.watermarked && <p className={styles.muted}>{t('recordings.detail.watermarked')}</p>}
            </section>
          </div>
        </div>

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
    </PlayerClockContext.Provider>
  );
}

function ProcessingNotice({ submission }: { submission: Submission }) {
  if (submission.status === 'failed') {
    return (
      <Banner tone="warning" className={styles.notice}>
        {t('recordings.detail.failedNotice')}
        {submission.processing_error && <> {t('recordings.detail.failedReason', { reason: submission.processing_error })}</>}
      </Banner>
    );
  }
  if (submission.ended_early) {
    return (
      <Banner tone="warning" className={styles.notice}>
        {t('recordings.detail.endedEarlyNotice', { video: formatDuration(submission.duration_ms), recorded: formatDuration(submission.client_duration_ms) })}
      </Banner>
    );
  }
  if ((submission.status === 'queued' || submission.status === 'processing') && submission.video_url && submission.serving_original) {
    return (
      <Banner tone="info" className={styles.notice}>
        {t('recordings.detail.processingNotice')}
      </Banner>
    );
  }
  return null;
}
