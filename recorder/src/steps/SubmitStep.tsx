import { useEffect, useState } from 'react';
import { STALL_MS, type UploadStatus } from '../upload/UploadController.ts';
import { percent as formatPercent, spokenDuration } from '../app/format.ts';
import { m } from '../messages/index.ts';
import { Notice } from '../ui/Notice.tsx';
import { ProgressBar } from '../ui/ProgressBar.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  upload: UploadStatus | undefined;
  phase: 'uploading' | 'saving' | 'failed';
  errorCode?: string;
  errorMessage?: string;
  /** The recording is only in this page's memory (no storage allowed here). */
  inMemory: boolean;
  /** Saving the submission failed for a reason that may pass (network, server) and is being retried. */
  saveRetrying: boolean;
  /** Requests go out and neither answer nor fail (still being retried). */
  stalled: boolean;
  /** Downloads the recording to the customer's device; absent for an uploaded file (they have it already). */
  onSaveCopy?: () => Promise<void>;
  onRetry(): void;
}

/** The browser's own word on the network, kept up to date. */
function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return online;
}

export function SubmitStep({ upload, phase, errorCode, errorMessage, inMemory, saveRetrying, stalled, onSaveCopy, onRetry }: Props) {
  const online = useOnline();
  const total = upload?.totalBytes ?? null;
  const fraction = phase === 'saving' ? 1 : total ? (upload?.confirmedBytes ?? 0) / total : total === 0 ? 1 : undefined;
  // Floored: "100%" only once everything is confirmed.
  const percent = fraction === undefined ? undefined : formatPercent(Math.floor(fraction * 100) / 100);
  // Any of these says so at once, not after the retries give up: the customer must not close the page meanwhile.
  const lost = phase !== 'failed' && (!online || (phase === 'uploading' && upload?.state === 'reconnecting') || (phase === 'saving' && saveRetrying));
  // No answer at all is told apart from a failing connection: the browser believes it is online, nothing fails.
  const hung = phase !== 'failed' && online && stalled;
  const [wasLost, setWasLost] = useState(false);
  useEffect(() => {
    if (lost || hung) setWasLost(true);
  }, [lost, hung]);
  const keeping = inMemory ? m.submit.connectionLostInMemory : m.submit.connectionLostSafe;
  return (
    <section className="step" data-step="submit">
      <StepHeading>{m.submit.title}</StepHeading>
      <ProgressBar value={fraction} label={m.submit.progress} />
      <p aria-live="polite" className="muted">
        {phase === 'saving' ? m.submit.finishing : percent !== undefined ? m.submit.percent(percent) : ''}
      </p>
      {hung ? (
        <Notice tone="warning" live>
          {m.submit.noAnswer(spokenDuration(STALL_MS / 1000))} {keeping} {onSaveCopy && m.submit.stalledChoice}
          <span className="notice-actions">
            {onSaveCopy && (
              <button type="button" className="btn btn-secondary" onClick={() => void onSaveCopy()}>
                {m.submit.saveCopy}
              </button>
            )}
            {/* A save that hangs is sent again on its own; only the upload has a request to drop at once. */}
            {phase === 'uploading' && (
              <button type="button" className="btn btn-link" onClick={onRetry}>
                {m.submit.retryNow}
              </button>
            )}
          </span>
        </Notice>
      ) : (
        lost && (
          <Notice tone="warning" live>
            {m.submit.connectionLost} {keeping}{' '}
            <button type="button" className="btn btn-link" onClick={onRetry}>
              {m.submit.retryNow}
            </button>
          </Notice>
        )
      )}
      {!lost && !hung && wasLost && phase !== 'failed' && <Notice live>{m.submit.resumed}</Notice>}
      {phase === 'failed' && (
        <>
          <Notice tone="error">
            {m.submit.failed} {(errorCode && errorCode in m.submit.errors && m.submit.errors[errorCode as keyof typeof m.submit.errors]) || errorMessage} {inMemory ? m.submit.keepOpen : m.submit.keepSafe}
          </Notice>
          <div className="actions">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              {m.submit.tryAgain}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
