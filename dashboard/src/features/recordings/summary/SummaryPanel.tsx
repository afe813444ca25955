import { requestPath, type Submission, type SummaryCitation, type Transcript } from '@showback/contract';
import { t } from '../../../messages/t.ts';
import { usePlayerClock } from '../usePlayerClock.ts';
import { usePolledResource } from '../usePolledResource.ts';
import { useRecordingSource } from '../recordingSource.ts';
import { formatOffset } from '../timeline/timelineModel.ts';
import pageStyles from '../RecordingPage.module.css';
import styles from './SummaryPanel.module.css';
import '../../../messages/en/summary.ts';

function citationLabel(citation: SummaryCitation): string {
  // The timeline's notation (0:05.5), so a cited event is easy to find there.
  const at = formatOffset(citation.t_ms);
  if (citation.type === 'request') return t('summary.request', { method: citation.method, path: requestPath(citation.url), status: citation.status || t('summary.noResponse'), time: at });
  if (citation.type === 'console') return t('summary.console', { level: citation.level, time: at });
  return at;
}

/**
 * The recording in a few lines, each with the evidence it rests on as buttons that play from that moment. Text is
 * rendered as text: a model's words or the customer's note never become markup.
 */
export function SummaryPanel({ submission, transcript }: { submission: Submission; transcript: Pick<Transcript, 'status' | 'updated_at'> | undefined }) {
  const transcriptStatus = transcript?.status;
  // A failed transcript has queued its summary already, except for recordings from before transcripts: those get
  // theirs after Try again, so there is nothing to wait for until the transcript is on its way again.
  const stalled = transcriptStatus === 'failed';
  // Asked again when the transcript changes (an owner's correction), then while the summary is rebuilt from it.
  const source = useRecordingSource(submission.id);
  const { data } = usePolledResource(
    (signal) => source.summary(signal),
    [submission.id, transcript?.updated_at],
    (summary) => (summary.status === 'pending' && submission.status !== 'failed' && !stalled) || summary.rebuilding,
  );
  const { seek } = usePlayerClock();
  if (!data || submission.status === 'failed' || (stalled && data.status === 'pending')) return null;
  return (
    <section className={`${pageStyles.panel} ${styles.stack}`} aria-labelledby="summary-title" data-testid="summary">
      <h2 id="summary-title" className={pageStyles.panelTitle}>
        {t('summary.title')}
      </h2>
      {data.status === 'pending' ? (
        <p className={styles.muted} role="status">
          {t('summary.pending')}
        </p>
      ) : (
        <>
          <p className={styles.label}>{data.kind === 'model' ? t('summary.byModel', { model: data.engine ?? '' }) : t('summary.digest')}</p>
          {data.rebuilding && (
            <p className={styles.muted} role="status">
              {t('summary.rebuilding')}
            </p>
          )}
          {data.goal && <p className={styles.goal}>{data.goal}</p>}
          {data.lines.length === 0 ? (
            <p className={styles.muted}>{t('summary.nothingFailed')}</p>
          ) : (
            <ul className={styles.lines}>
              {data.lines.map((line, index) => (
                <li key={index}>
                  <span>{line.text}</span>{' '}
                  {line.citations.map((citation, i) => (
                    <button key={i} type="button" className={styles.citation} onClick={() => seek(Math.max(0, citation.t_ms / 1000))} title={t('summary.seek', { time: formatOffset(citation.t_ms) })}>
                      [{citationLabel(citation)}]
                    </button>
                  ))}
                </li>
              ))}
            </ul>
          )}
          {data.steps.length > 0 && (
            <>
              <h3 className={styles.label} title={t('summary.stepsHint')}>
                {t('summary.steps')}
              </h3>
              <ol className={styles.lines} data-testid="repro-steps">
                {data.steps.map((step, index) => {
                  const at = step.citations[0];
                  return (
                    <li key={index}>
                      <span>{step.text}</span>{' '}
                      {at ? (
                        <button type="button" className={styles.citation} onClick={() => seek(Math.max(0, at.t_ms / 1000))} title={t('summary.seek', { time: formatOffset(at.t_ms) })}>
                          [{formatOffset(at.t_ms)}]
                        </button>
                      ) : (
                        <span className={styles.muted}>({t('summary.beforeRecording')})</span>
                      )}
                    </li>
                  );
                })}
              </ol>
            </>
          )}
          {data.kind === 'digest' && data.error && <p className={styles.muted}>{t('summary.modelFailed')}</p>}
        </>
      )}
    </section>
  );
}
