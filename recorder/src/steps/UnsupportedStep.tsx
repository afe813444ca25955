import type { Capability } from '../capture/capability.ts';
import { m } from '../messages/index.ts';
import { StepHeading } from '../ui/StepHeading.tsx';

export function UnsupportedStep({ capability, onUseFile }: { capability: Exclude<Capability, { ok: true }>; onUseFile(): void }) {
  const reason =
    capability.reason === 'browser-too-old'
      ? m.unsupported['browser-too-old'](capability.browser ?? 'browser', capability.minimumVersion ?? 0)
      : m.unsupported[capability.reason];
  return (
    <section className="step" data-step="unsupported">
      <StepHeading>{m.unsupported.title}</StepHeading>
      <p>{reason}</p>
      {capability.canUploadFile && (
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={onUseFile}>
            {m.unsupported.uploadInstead}
          </button>
        </div>
      )}
    </section>
  );
}
