import type { MicrophoneMode } from '@showback/contract';
import type { CaptureFailure } from '../capture/captureError.ts';
import { m } from '../messages/index.ts';
import { LevelMeter } from '../ui/LevelMeter.tsx';
import { Notice } from '../ui/Notice.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  mode: MicrophoneMode;
  stream: MediaStream | undefined;
  busy: boolean;
  error: CaptureFailure | undefined;
  onEnable(): void;
  onDisable(): void;
  onContinue(): void;
  onBack(): void;
}

export function MicrophoneStep({ mode, stream, busy, error, onEnable, onDisable, onContinue, onBack }: Props) {
  const canContinue = mode !== 'required' || Boolean(stream);
  return (
    <section className="step" data-step="microphone">
      <StepHeading>{m.microphone.title}</StepHeading>
      <p>{mode === 'required' ? m.microphone.required : m.microphone.optional}</p>
      {mode === 'optional' && (
        <label className="switch">
          <input type="checkbox" checked={Boolean(stream) || busy} disabled={busy} onChange={(e) => (e.target.checked ? onEnable() : onDisable())} />
          <span>{m.microphone.use}</span>
        </label>
      )}
      {mode === 'required' && !stream && (
        <div className="actions">
          <button type="button" className="btn btn-primary" onClick={onEnable} disabled={busy}>
            {error ? m.microphone.retry : m.microphone.enable}
          </button>
        </div>
      )}
      {stream && (
        <div className="field">
          <LevelMeter stream={stream} label={m.microphone.level} />
          <p className="muted">{m.microphone.hint}</p>
        </div>
      )}
      {error && <Notice tone="error">{m.microphone.errors[error]}</Notice>}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onContinue} disabled={!canContinue || busy}>
          {mode === 'optional' && !stream ? m.microphone.skip : m.microphone.ready}
        </button>
        <button type="button" className="btn btn-secondary btn-back" onClick={onBack}>
          {m.steps.instructions}
        </button>
      </div>
    </section>
  );
}
