import { useEffect, useState } from 'react';
import type { Submission } from '@showback/contract';
import { Banner } from '../../ui/Banner.tsx';
import { t } from '../../messages/t.ts';
import { languageName } from './languageName.ts';
import { usePlayerClock, type VideoClockHandlers } from './usePlayerClock.ts';
import styles from './RecordingPage.module.css';
import '../../messages/en/recordings.ts';
import '../../messages/en/transcript.ts';

export interface VideoPlayerProps {
  submission: Submission;
  handlers: VideoClockHandlers;
  /** WebVTT captions of the transcript, once there is one. */
  captionsUrl: string | null;
  captionsOn: boolean;
}

/** The recording with the browser's own controls (keyboard accessible, seekable through HTTP Range requests). */
export function VideoPlayer({ submission, handlers, captionsUrl, captionsOn }: VideoPlayerProps) {
  // The transcript is in the language the recorder spoke; recordings from before it was kept were transcribed as English.
  const language = submission.language ?? 'en';
  const { videoRef } = usePlayerClock();
  const [failed, setFailed] = useState(false);

  // The page's captions toggle drives the track; the player's own captions menu changes the same mode. The browser
  // picks a mode of its own once a new track is added or loaded, so the toggle's is applied again then.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const apply = (): void => {
      const track = video.textTracks[0];
      if (track) track.mode = captionsOn ? 'showing' : 'hidden';
    };
    apply();
    const element = video.querySelector('track');
    element?.addEventListener('load', apply);
    video.textTracks.addEventListener('addtrack', apply);
    return () => {
      element?.removeEventListener('load', apply);
      video.textTracks.removeEventListener('addtrack', apply);
    };
  }, [captionsOn, captionsUrl, videoRef]);
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
      >
        {captionsUrl && <track
            key={captionsUrl}
            kind="captions"
            src={captionsUrl}
            srcLang={language}
            label={t('transcript.captionsLabel', { language: languageName(language) })}
            default={captionsOn}
          />}
      </video>
      {failed && <Banner tone="warning">{t('recordings.detail.videoError')}</Banner>}
    </div>
  );
}
