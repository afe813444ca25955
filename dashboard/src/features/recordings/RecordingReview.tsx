import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { Submission, Transcript } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { t } from '../../messages/t.ts';
import { sanitizeInstructions } from '../requests/sanitizeInstructions.ts';
import { EnvironmentPanel } from './EnvironmentPanel.tsx';
import { MetadataPanel } from './MetadataPanel.tsx';
import { TimelineSlot, hasTimelinePanel } from './TimelineSlot.tsx';
import { VideoPlayer } from './VideoPlayer.tsx';
import { formatBytes, formatDuration } from '../../ui/formatters.ts';
import { PlayerClockContext, usePlayerClockState } from './usePlayerClock.ts';
import { SummaryPanel } from './summary/SummaryPanel.tsx';
import { TranscriptPanel } from './transcript/TranscriptPanel.tsx';
import { useTranscript } from './transcript/useTranscript.ts';
import styles from './RecordingPage.module.css';
import '../../messages/en/recordings.ts';

/** A recording's title line: its name, a subtitle (who, when, state) and the page's actions. */
export function RecordingHeading({ title, subtitle, actions }: { title: string; subtitle: ReactNode; actions?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={styles.heading}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.subtitle}>{subtitle}</p>
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}

/** The captions file, named by the transcript's version: after a correction the player loads the new cues. */
const captionsUrl = (transcript: Transcript | undefined): string | null =>
  transcript?.captions_url ? `${transcript.captions_url}?v=${encodeURIComponent(transcript.updated_at ?? '')}` : null;

/** `?t=` (seconds), as the links to a moment in an issue carry it: the player starts there. */
function useStartAt(seek: (seconds: number) => void): void {
  const [params] = useSearchParams();
  const start = params.get('t');
  useEffect(() => {
    const seconds = Number(start);
    if (start !== null && Number.isFinite(seconds) && seconds >= 0) seek(seconds);
  }, [start, seek]);
}

/**
 * What a recording's reviewer sees, on the owner's page and on a share link's alike: the player with captions, the
 * summary, the transcript, the instructions, the timeline beside the player, the sender, the environment and the
 * video's facts. Its panels read through the page's RecordingSource (recordingSource.ts); `header` goes above,
 * `sidePanels` (the owner's tracker panels) between the sender and the environment. `shared`: on a share link, where
 * nothing links into the dashboard (the app metadata's values are text, not filters of the recordings list).
 * `playerMarks` go right under the player (the comments' markers), `discussion` under it (the comment thread).
 */
export function RecordingReview({
  submission,
  header,
  sidePanels,
  playerMarks,
  discussion,
  shared = false,
}: {
  submission: Submission;
  header: ReactNode;
  sidePanels?: ReactNode;
  playerMarks?: ReactNode;
  discussion?: ReactNode;
  shared?: boolean;
}) {
  const { clock, handlers } = usePlayerClockState();
  useStartAt(clock.seek);
  const transcript = useTranscript(submission);
  const [captionsOn, setCaptionsOn] = useState(true);
  const instructions = sanitizeInstructions(submission.instructions_html);

  return (
    <PlayerClockContext.Provider value={clock}>
      {header}
      <ProcessingNotice submission={submission} />

      <div className={[styles.layout, hasTimelinePanel ? styles.withTimeline : ''].join(' ')}>
        <div className={styles.main}>
          <div className={styles.stage}>
            <VideoPlayer submission={submission} handlers={handlers} captionsUrl={captionsUrl(transcript.data)} captionsOn={captionsOn} />
            {playerMarks}
          </div>
          {discussion}
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
          {sidePanels}
          <EnvironmentPanel environment={submission.environment} recorderLanguage={submission.language} />
          {(submission.source === 'widget' || Object.keys(submission.metadata).length > 0) && <MetadataPanel metadata={submission.metadata} linked={!shared} />}
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
