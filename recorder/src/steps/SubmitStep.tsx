import type { UploadStatus } from '../upload/UploadController.ts';
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
  onRetry(): void;
}

export function SubmitStep({ upload, phase, errorCode, errorMessage, inMemory, onRetry }: Props) {
  const total = upload?.totalBytes ?? null;
  const fraction = phase === 'saving' ? 1 : total ? (upload?.confirmedBytes ?? 0) / total : total === 0 ? 1 : undefined;
  const percent = fraction === undefined ? undefined : Math.floor(fraction * 100);
  const reconnecting = phase === 'uploading' && upload?.state === 'reconnecting';
  return (
    <section className="step" data-step="submit">
      <StepHeading>{m.submit.title}</StepHeading>
      <ProgressBar value={fraction} label={m.submit.progress} />
      <p aria-live="polite" className="muted">
        {phase === 'saving' ? m.submit.finishing : percent !== undefined ? m.submit.percent(percent) : ''}
      </p>
      {reconnecting && (
        <Notice tone="warning" live>
          {inMemory ? m.submit.reconnectingInMemory : m.submit.reconnecting}{' '}
          <button type="button" className="btn btn-link" onClick={onRetry}>
            {m.submit.retryNow}
          </button>
        </Notice>
      )}
      {phase === 'failed' && (
        <>
          <Notice tone="error">
            {m.submit.failed} {(errorCode && m.submit.errors[errorCode]) || errorMessage} {inMemory ? m.submit.keepOpen : m.submit.keepSafe}
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
