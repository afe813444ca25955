import { useEffect, useState } from 'react';
import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

/** `compact`: one row in the widget's floating control, so the customer sees their page before recording starts. */
export function CountdownStep({ from = 3, compact = false, onDone, onCancel }: { from?: number; compact?: boolean; onDone(): void; onCancel(): void }) {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const t = setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => clearTimeout(t);
  }, [left, onDone]);
  if (compact)
    return (
      <section className="step compact-bar" data-step="countdown">
        <p className="compact-timer" aria-live="assertive" aria-atomic="true">
          {m.countdown.label} {Math.max(left, 1)}
        </p>
        <button type="button" className="btn btn-sm btn-secondary" onClick={onCancel}>
          {m.countdown.cancel}
        </button>
      </section>
    );
  return (
    <section className="step step-center" data-step="countdown">
      <StepHeading>{m.countdown.label}</StepHeading>
      <p className="countdown" aria-live="assertive" aria-atomic="true">
        {Math.max(left, 1)}
      </p>
      <div className="actions actions-center">
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {m.countdown.cancel}
        </button>
      </div>
    </section>
  );
}
