import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

export function LoadFailedStep({ onRetry }: { onRetry(): void }) {
  return (
    <section className="step" data-step="load-failed">
      <StepHeading>{m.loadFailed.title}</StepHeading>
      <p>{m.loadFailed.body}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {m.loadFailed.retry}
        </button>
      </div>
    </section>
  );
}
