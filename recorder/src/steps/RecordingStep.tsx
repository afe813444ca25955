import { playerClock } from '@showback/contract';
import { useEffect, useRef, useState } from 'react';
import { bytes } from '../app/format.ts';
import type { RecordingSession } from '../app/RecordingSession.ts';
import { m } from '../messages/index.ts';
import { LevelMeter } from '../ui/LevelMeter.tsx';
import type { SpoolKeeping } from '../upload/spool.ts';
import type { UploadStatus } from '../upload/UploadController.ts';
import { Notice } from '../ui/Notice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

export const WARN_BEFORE_MS = 30_000;

interface Props {
  session: RecordingSession;
  maxMs: number;
  microphone: MediaStream | undefined;
  keeping: SpoolKeeping;
  upload: UploadStatus | undefined;
  onStop(reason: 'user' | 'limit'): void;
  /** In the widget: shown as the small floating control, with a way to open the full recorder (`onExpand`). */
  compact?: boolean;
  onExpand?(): void;
  /** In the widget, opened during a recording: back to the floating control. */
  onMinimize?(): void;
  /** The widget's tab of its own, recording the customer's page in another tab: say to go back there. */
  otherTab?: boolean;
}

export function RecordingStep({ session, maxMs, microphone, keeping, upload, onStop, compact = false, onExpand, onMinimize, otherTab = false }: Props) {
  const [elapsed, setElapsed] = useState(0);
  const [recorded, setRecorded] = useState(0);
  const [paused, setPaused] = useState(false);
  const stopping = useRef(false);

  useEffect(() => {
    const t = setInterval(() => {
      const ms = session.elapsedMs();
      setElapsed(ms);
      setRecorded(session.recordedBytes);
      if (ms >= maxMs && !stopping.current) {
        stopping.current = true;
        onStop('limit');
      }
    }, 250);
    return () => clearInterval(t);
  }, [session, maxMs, onStop]);

  const togglePause = (): void => {
    if (paused) session.resume();
    else session.pause();
    setPaused(!paused);
  };
  const stop = (): void => {
    if (stopping.current) return;
    stopping.current = true;
    onStop('user');
  };

  const left = maxMs - elapsed;
  const warn = left <= WARN_BEFORE_MS && maxMs > WARN_BEFORE_MS;
  // Screen readers hear the minutes and the warning, not every second of the timer.
  const announcement = warn ? m.recording.warning(playerClock(Math.ceil(left / 1000) * 1000)) : m.recording.liveFor(playerClock(Math.floor(elapsed / 60_000) * 60_000));
  const timerLabel = m.recording.elapsed(playerClock(elapsed), playerClock(maxMs));
  const live = (
    <p className="visually-hidden" aria-live="polite">
      {announcement}
    </p>
  );
  const pauseButton = (small: string) => (
    <button type="button" className={`btn btn-secondary${small}`} onClick={togglePause} aria-pressed={paused}>
      {paused ? m.recording.resume : m.recording.pause}
    </button>
  );
  if (compact)
    return (
      <section className={`step compact-bar${keeping === 'memory' ? ' with-note' : ''}`} data-step="recording">
        <span className={`rec-dot${paused ? ' is-paused' : ''}`} aria-hidden="true" />
        <p className={`compact-timer${warn ? ' is-warning' : ''}`} role="timer" aria-label={timerLabel}>
          {playerClock(elapsed)}
        </p>
        {live}
        {pauseButton(' btn-sm')}
        <button type="button" className="btn btn-danger btn-sm" onClick={stop} aria-label={m.recording.stop}>
          {m.recording.stopShort}
        </button>
        <button type="button" className="btn btn-link btn-sm" onClick={onExpand} aria-label={m.recording.openLabel}>
          {m.recording.open}
        </button>
        {/* Nothing outlives the page: said here too, the full warning and the upload's progress are behind Open. */}
        {keeping === 'memory' && <p className="compact-keep">{m.recording.keepOpenShort}</p>}
      </section>
    );
  return (
    <section className="step" data-step="recording">
      <StepHeading>
        <span className={`rec-dot${paused ? ' is-paused' : ''}`} aria-hidden="true" /> {paused ? m.recording.paused : m.recording.live}
      </StepHeading>
      <p className="timer" role="timer" aria-label={timerLabel}>
        {playerClock(elapsed)} <span className="muted">/ {playerClock(maxMs)}</span>
      </p>
      {live}
      {otherTab && <Notice>{m.recording.goBack}</Notice>}
      {warn && <Notice tone="warning">{m.recording.warning(playerClock(Math.max(0, left)))}</Notice>}
      {keeping === 'memory' && (
        // Nothing outlives this page: the customer must know to keep it open, and see how far the upload is.
        <Notice tone="warning">
          <p>{m.recording.uploadHint.memory}</p>
          <ProgressBar value={recorded ? Math.min(1, (upload?.confirmedBytes ?? 0) / recorded) : undefined} label={m.recording.sentSoFar} />
          <p className="small">{m.recording.sent(bytes(upload?.confirmedBytes ?? 0), bytes(recorded))}</p>
        </Notice>
      )}
      {microphone && <LevelMeter stream={microphone} label={m.microphone.level} />}
      <div className="actions">
        <button type="button" className="btn btn-danger" onClick={stop}>
          {m.recording.stop}
        </button>
        {pauseButton('')}
        {onMinimize && (
          <button type="button" className="btn btn-link" onClick={onMinimize}>
            {m.recording.minimize}
          </button>
        )}
      </div>
      {onMinimize && <p className="muted small">{m.recording.minimizeHint}</p>}
      {keeping !== 'memory' && <p className="muted small">{m.recording.uploadHint[keeping]}</p>}
    </section>
  );
}
