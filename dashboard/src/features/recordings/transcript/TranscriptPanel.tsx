import { useMemo, useRef, useState, type FormEvent } from 'react';
import { playerClock, type Submission, type Transcript, type TranscriptSegment } from '@showback/contract';
import { Banner } from '../../../ui/Banner.tsx';
import { Button, buttonClassName } from '../../../ui/Button.tsx';
import { t } from '../../../messages/t.ts';

/** 0:02 for a segment starting at 2.9 s: the second it starts in, as the .txt download and the summary write it. */
import { reviewErrorMessage } from '../../../app/reviewErrorMessage.ts';
import type { ApiResource } from '../../../app/useApiResource.ts';
import { languageName } from '../languageName.ts';
import { useCurrentRowInView } from '../useCurrentRowInView.ts';
import { usePlayerClock } from '../usePlayerClock.ts';
import { useRecordingSource, type RecordingSource } from '../recordingSource.ts';
import { countMatches, currentSegmentIndex, splitMatches } from './transcriptModel.ts';
import pageStyles from '../RecordingPage.module.css';
import styles from './TranscriptPanel.module.css';
import { LoadFailedBanner } from '../../../ui/LoadFailedBanner.tsx';
import '../../../messages/en/transcript.ts';
import '../../../messages/en/common.ts';

interface Props {
  submission: Submission;
  transcript: ApiResource<Transcript>;
  captionsOn: boolean;
  onCaptionsChange: (on: boolean) => void;
}

/**
 * What was said, beside the video: one row per segment with its time, the one being spoken highlighted (and kept in
 * view), a click plays from there; a search marks its matches; captions toggle and downloads (.vtt, .txt).
 */
export function TranscriptPanel({ submission, transcript, captionsOn, onCaptionsChange }: Props) {
  const { data, error, loading, reload } = transcript;
  return (
    <section className={`${pageStyles.panel} ${styles.stack}`} aria-labelledby="transcript-title" data-testid="transcript">
      <h2 id="transcript-title" className={pageStyles.panelTitle}>
        {t('transcript.title')}
      </h2>
      {error !== undefined && !loading ? (
        <LoadFailedBanner error={error} whatFailed={t('transcript.loadFailed')} onRetry={reload} />
      ) : !data ? (
        <p className={styles.muted}>{t('common.loading')}</p>
      ) : data.status === 'ready' ? (
        <Segments submission={submission} transcript={data} captionsOn={captionsOn} onCaptionsChange={onCaptionsChange} onEdited={reload} />
      ) : (
        <TranscriptState submission={submission} transcript={data} onRetried={reload} />
      )}
    </section>
  );
}

function TranscriptState({ submission, transcript, onRetried }: { submission: Submission; transcript: Transcript; onRetried: () => void }) {
  const [retryError, setRetryError] = useState<unknown>();
  const { retryTranscript } = useRecordingSource(submission.id);
  if (transcript.status === 'no_speech') {
    const said = {
      no_audio: t('transcript.noAudio'),
      silence: t('transcript.noSpeech'),
      unsupported_language: t('transcript.unsupportedLanguage', { language: languageName(submission.language ?? '') }),
    } as const;
    return <p className={styles.muted}>{said[transcript.no_speech_reason ?? 'silence']}</p>;
  }
  if (transcript.status === 'failed') {
    const retry = (again: () => Promise<Transcript>) => {
      setRetryError(undefined);
      again().then(onRetried, setRetryError);
    };
    return (
      <Banner tone="warning">
        {t('transcript.failed')} {transcript.error && t('transcript.reason', { reason: transcript.error })}{' '}
        {retryTranscript && (
          <Button variant="ghost" size="small" onClick={() => retry(retryTranscript)}>
            {t('transcript.retry')}
          </Button>
        )}
        {retryError !== undefined && <> {reviewErrorMessage(retryError, t('transcript.retryFailed'))}</>}
      </Banner>
    );
  }
  if (submission.status === 'failed') return <p className={styles.muted}>{t('transcript.noVideo')}</p>;
  if (submission.status !== 'ready') return <p className={styles.muted}>{t('transcript.needsVideo')}</p>;
  return (
    <p className={styles.muted} role="status">
      {t('transcript.working')}
      {transcript.error && <> {t('transcript.retrying', { reason: transcript.error.replace(/^Attempt \d+ failed, retrying: /, '') })}</>}
    </p>
  );
}

/** The form that replaces a segment's row while the owner corrects its words. */
function SegmentEditor({ editSegment, segment, index, onDone }: { editSegment: NonNullable<RecordingSource['editSegment']>; segment: TranscriptSegment; index: number; onDone: (saved: boolean) => void }) {
  const [draft, setDraft] = useState(segment.text);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const save = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    editSegment(index, draft).then(
      () => onDone(true),
      (err: unknown) => {
        setBusy(false);
        setError(err);
      },
    );
  };
  const label = t('transcript.editLabel', { time: playerClock(segment.start_ms) });
  return (
    <form className={styles.editor} onSubmit={save} aria-label={label}>
      <label className={styles.visuallyHidden} htmlFor={`segment-${index}`}>
        {label}
      </label>
      <textarea id={`segment-${index}`} value={draft} onChange={(e) => setDraft(e.target.value)} rows={2} maxLength={2000} required autoFocus />
      <div className={styles.editorActions}>
        <Button type="submit" size="small" busy={busy} disabled={!draft.trim()}>
          {t('transcript.save')}
        </Button>
        <Button variant="ghost" size="small" onClick={() => onDone(false)} disabled={busy}>
          {t('transcript.cancelEdit')}
        </Button>
        {error !== undefined && (
          <span role="alert" className={styles.muted}>
            {reviewErrorMessage(error, t('transcript.saveFailed'))}
          </span>
        )}
      </div>
    </form>
  );
}

function Segments({
  submission,
  transcript,
  captionsOn,
  onCaptionsChange,
  onEdited,
}: {
  submission: Submission;
  transcript: Transcript;
  captionsOn: boolean;
  onCaptionsChange: (on: boolean) => void;
  onEdited: () => void;
}) {
  const { currentTime, seek } = usePlayerClock();
  const [query, setQuery] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const { editSegment } = useRecordingSource(submission.id);
  const list = useRef<HTMLOListElement>(null);
  const segments = transcript.segments;
  const current = currentSegmentIndex(segments, currentTime);
  const matches = useMemo(() => countMatches(segments, query), [segments, query]);
  const base = submission.request_title;

  useCurrentRowInView(list, current);

  return (
    <>
      <div className={styles.tools}>
        <label className={styles.search}>
          <span className={styles.visuallyHidden}>{t('transcript.search')}</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t('transcript.search')} data-testid="transcript-search" />
        </label>
        <Button variant="secondary" size="small" aria-pressed={captionsOn} onClick={() => onCaptionsChange(!captionsOn)} data-testid="captions-toggle">
          {captionsOn ? t('transcript.captionsOn') : t('transcript.captionsOff')}
        </Button>
      </div>
      {query.trim() && (
        <p className={styles.muted} aria-live="polite" data-testid="transcript-matches">
          {t('transcript.matches', { n: matches })}
        </p>
      )}
      <ol ref={list} className={styles.list} aria-label={t('transcript.title')}>
        {segments.map((segment, index) => (
          <li key={segment.start_ms} className={index === current ? styles.current : undefined} aria-current={index === current ? 'true' : undefined}>
            {editing === index && editSegment ? (
              <SegmentEditor
                editSegment={editSegment}
                segment={segment}
                index={index}
                onDone={(saved) => {
                  setEditing(null);
                  if (saved) onEdited();
                }}
              />
            ) : (
              <div className={styles.rowLine}>
            <button
              type="button"
              className={styles.row}
              onClick={() => seek(segment.start_ms / 1000)}
              aria-label={`${t('transcript.seek', { time: playerClock(segment.start_ms) })}: ${segment.text}${segment.unsure ? ` (${t('transcript.unsure')})` : ''}`}
            >
              <span className={styles.time}>{playerClock(segment.start_ms)}</span>
              <span className={segment.unsure ? `${styles.text} ${styles.unsure}` : styles.text} title={segment.unsure ? t('transcript.unsureHint') : undefined}>
                {splitMatches(segment.text, query).map((part, i) => (part.match ? <mark key={i}>{part.text}</mark> : <span key={i}>{part.text}</span>))}
                {segment.unsure && <span className={styles.flag}> {t('transcript.unsure')}</span>}
                {segment.edited && <span className={styles.flag}> {t('transcript.edited')}</span>}
              </span>
            </button>
                {editSegment && (
                  <Button variant="ghost" size="small" className={styles.edit} onClick={() => setEditing(index)} aria-label={t('transcript.editLabel', { time: playerClock(segment.start_ms) })}>
                    {t('transcript.edit')}
                  </Button>
                )}
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className={styles.downloads}>
        {transcript.captions_url && (
          <a className={buttonClassName({ variant: 'ghost', size: 'small' })} href={`${transcript.captions_url}?download=true`} download={`${base}.vtt`} data-testid="download-vtt">
            {t('transcript.downloadVtt')}
          </a>
        )}
        {transcript.text_url && (
          <a className={buttonClassName({ variant: 'ghost', size: 'small' })} href={transcript.text_url} download={`${base}.txt`} data-testid="download-txt">
            {t('transcript.downloadTxt')}
          </a>
        )}
        <span className={styles.muted}>{transcript.engine === 'pocketsphinx' ? t('transcript.engineEmbedded') : t('transcript.engineApi')}</span>
      </div>
    </>
  );
}
