import { playerClock } from '@showback/contract';
import { useRef } from 'react';
import { SAMPLE_SUBMISSION as sample } from './sample/submission.ts';
import { t } from '../../messages/t.ts';
import sampleJpg from './media/sample.jpg?url';
import sampleMp4 from './media/sample.mp4?url';
import sampleWebm from './media/sample.webm?url';
import { useDocumentMeta } from './useDocumentMeta.ts';
import styles from './marketing.module.css';
import '../../messages/en/marketing.ts';

interface SampleEvent {
  /** Seconds from the start of the recording. */
  at: number;
  kind: 'console' | 'network';
  level?: string;
  text: string;
  status?: number;
}

/** A real submission (recorded by dashboard/scripts/recordMedia.ts), laid out like the review screen. */
export function SamplePage() {
  useDocumentMeta(t('marketing.meta.sample.description'));
  const video = useRef<HTMLVideoElement>(null);
  const events: SampleEvent[] = sample.events;
  const seek = (at: number): void => {
    const el = video.current;
    if (!el) return;
    el.currentTime = Math.max(0, at - 0.5);
    void el.play().catch(() => {});
  };
  return (
    <div className={styles.page}>
      <header className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>{t('marketing.sample.title')}</h1>
        <p className={styles.sectionLead}>{t('marketing.sample.lead')}</p>
      </header>
      <div className={styles.review}>
        <div>
          <video ref={video} className={styles.video} controls preload="metadata" poster={sampleJpg} width={sample.width} height={sample.height} aria-label={t('marketing.sample.videoLabel')}>
            <source src={sampleWebm} type="video/webm" />
            <source src={sampleMp4} type="video/mp4" />
          </video>
          <section className={styles.card} aria-labelledby="sample-summary">
            <h2 id="sample-summary" className={styles.cardTitle}>{t('marketing.sample.summaryTitle')}</h2>
            <p>{t('marketing.sample.summary')}</p>
          </section>
          <section className={styles.card} aria-labelledby="sample-env">
            <h2 id="sample-env" className={styles.cardTitle}>{t('marketing.sample.environment')}</h2>
            <dl className={styles.envList}>
              <dt>{t('marketing.sample.browser')}</dt><dd>{sample.environment.browser}</dd>
              <dt>{t('marketing.sample.os')}</dt><dd>{sample.environment.os}</dd>
              <dt>{t('marketing.sample.screen')}</dt><dd>{sample.environment.screen}</dd>
              <dt>{t('marketing.sample.duration')}</dt><dd>{playerClock(sample.duration * 1000)}</dd>
            </dl>
          </section>
        </div>
        <section className={styles.card} aria-labelledby="sample-events">
          <h2 id="sample-events" className={styles.cardTitle}>{t('marketing.sample.events')}</h2>
          <ol className={styles.timeline}>
            {events.map((event, index) => (
              <li key={index}>
                <button type="button" className={styles.timelineItem} onClick={() => seek(event.at)} data-level={event.level ?? (event.status && event.status >= 400 ? 'error' : 'info')}>
                  <span className={styles.timelineTime}>{playerClock(event.at * 1000)}</span>
                  <span className={styles.timelineKind}>{event.kind === 'console' ? t('marketing.sample.console') : t('marketing.sample.network')}</span>
                  <span className={styles.timelineText}>{event.status ? `${event.status} ${event.text}` : event.text}</span>
                </button>
              </li>
            ))}
          </ol>
        </section>
      </div>
    </div>
  );
}
