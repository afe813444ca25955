import { t } from '../../../messages/t.ts';
import { DelayedVideo } from '../DelayedVideo.tsx';
import demoRecordMp4 from '../media/demo-record.mp4?url';
import demoRecordPoster from '../media/demo-record.jpg?poster';
import demoRecordWebm from '../media/demo-record.webm?url';
import demoRequestMp4 from '../media/demo-request.mp4?url';
import demoRequestPoster from '../media/demo-request.jpg?poster';
import demoRequestWebm from '../media/demo-request.webm?url';
import demoReviewMp4 from '../media/demo-review.mp4?url';
import demoReviewPoster from '../media/demo-review.jpg?poster';
import demoReviewWebm from '../media/demo-review.webm?url';
import { Reveal } from '../Reveal.tsx';
import styles from '../marketing.module.css';
import '../../../messages/en/marketing.ts';

/** Spec §9: the three demo videos load 1, 1.5 and 2 s after page load. */
export const DEMO_VIDEO_DELAYS_MS = [1000, 1500, 2000] as const;

const STEPS = [
  { key: 'one', video: { webm: demoRequestWebm, mp4: demoRequestMp4 }, poster: demoRequestPoster },
  { key: 'two', video: { webm: demoRecordWebm, mp4: demoRecordMp4 }, poster: demoRecordPoster },
  { key: 'three', video: { webm: demoReviewWebm, mp4: demoReviewMp4 }, poster: demoReviewPoster },
] as const;

export function Steps() {
  return (
    <Reveal labelledBy="steps-title">
      <h2 id="steps-title" className={styles.sectionTitle}>{t('marketing.steps.title')}</h2>
      <ol className={styles.steps}>
        {STEPS.map(({ key, video, poster }, index) => (
          <li key={key} className={styles.step}>
            <div className={styles.stepText}>
              <span className={styles.stepNumber} aria-hidden="true">{index + 1}</span>
              <h3>{t(`marketing.steps.${key}.title`)}</h3>
              <p>{t(`marketing.steps.${key}.text`)}</p>
            </div>
            <DelayedVideo sources={video} poster={poster} label={t(`marketing.steps.${key}.title`)} delayMs={DEMO_VIDEO_DELAYS_MS[index] ?? 2000} width={640} height={360} />
          </li>
        ))}
      </ol>
    </Reveal>
  );
}
