import { useState } from 'react';
import type { Submission } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { t } from '../../messages/t.ts';
import { usePlayerClock, type VideoClockHandlers } from './usePlayerClock.ts';
import styles from './RecordingPage.module.css';

export interface VideoPlayerProps {
  submission: Submission;
  handlers: VideoClockHandlers;
}

/** The recording with the browser's own controls (keyboard accessible, seekable through HTTP Range requests). */
export function VideoPlayer({ submission, handlers }: VideoPlayerProps) {
  const { videoRef } = usePlayerClock();
  const [failed, setFailed] = useState(false);
  const pending = submission.status === 'queued' || submission.status === 'processing';

  if (!submission.video_url) {
    return (
      <div className={styles.stage}>
        <div className={styles.noVideo}>
          {submission.poster_url && <img src={submission.poster_url} alt="" />}
          <p>{pending ? t('recordings.detail.processingNoVideo') : t('recordings.detail.noVideo')}</p>
        </div>
      </div>
    );
  }

  return (
    <div className={styles.stage}>
      <video
        // A new element when the source switches from the original upload to the MP4, so nothing stale is buffered.
        key={submission.serving_original ? 'original' : 'mp4'}
        ref={videoRef}
        className={styles.video}
        src={submission.video_url}
        poster={submission.poster_url ?? undefined}
        controls
        playsInline
        preload="metadata"
        aria-label={t('recordings.detail.player')}
        onError={() => setFailed(true)}
        onLoadedData={() => setFailed(false)}
        {...handlers}
      />
      {failed && <Banner tone="warning">{t('recordings.detail.videoError')}</Banner>}
    </div>
  );
}
