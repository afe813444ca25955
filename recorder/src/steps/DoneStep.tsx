import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

export function DoneStep({ accountName, redirecting, onClose }: { accountName: string; redirecting: boolean; onClose?: () => void }) {
  return (
    <section className="step step-center" data-step="done">
      <div className="done-mark" aria-hidden="true">
        ✓
      </div>
      <StepHeading>{m.done.title}</StepHeading>
      <p>{m.done.body(accountName)}</p>
      {redirecting && <p className="muted" aria-live="polite">{m.done.redirecting}</p>}
      {onClose && (
        <div className="actions actions-center">
          <button type="button" className="btn btn-primary" onClick={onClose}>
            {m.done.close}
          </button>
        </div>
      )}
    </section>
  );
}
