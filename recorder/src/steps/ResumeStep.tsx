import { playerClock } from '@showback/contract';
import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

export function ResumeStep({ durationMs, busy, onResume, onDiscard }: { durationMs: number; busy: boolean; onResume(): void; onDiscard(): void }) {
  return (
    <section className="step" data-step="resume">
      <StepHeading>{m.resume.title}</StepHeading>
      <p>{m.resume.body(playerClock(durationMs))}</p>
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onResume} disabled={busy}>
          {m.resume.resume}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDiscard} disabled={busy}>
          {m.resume.discard}
        </button>
      </div>
    </section>
  );
}
