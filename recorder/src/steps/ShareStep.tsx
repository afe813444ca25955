import type { CaptureFailure } from '../capture/captureError.ts';
import { m } from '../messages/index.ts';
import { Notice } from '../ui/Notice.tsx';
import { StepHeading } from '../ui/StepHeading.tsx';

interface Props {
  waiting: boolean;
  error: CaptureFailure | undefined;
  onShare(): void;
  onBack(): void;
  onUseFile(): void;
  /** Inside the widget's frame: recording on the product's own origin, for a capture the frame was refused. */
  onRecordInTab?(): void;
  /** This recorder is the widget's tab of its own: the tab to record is the customer's page, another tab. */
  otherTab?: boolean;
  /** Through the widget, whose SDK blurs the host page's private fields; else a link, where nothing is blurred. */
  widget: boolean;
}

export function ShareStep({ waiting, error, onShare, onBack, onUseFile, onRecordInTab, otherTab = false, widget }: Props) {
  return (
    <section className="step" data-step="share">
      <StepHeading>{m.share.title}</StepHeading>
      <p>{otherTab ? m.share.bodyOtherTab : m.share.body}</p>
      <p>{widget ? m.share.privacyWidget : m.share.privacyLink}</p>
      {waiting && <Notice live>{m.share.waiting}</Notice>}
      {error && <Notice tone="error">{m.share.errors[error]}</Notice>}
      <div className="actions">
        <button type="button" className="btn btn-primary" onClick={onShare} disabled={waiting}>
          {error ? m.share.retry : m.share.button}
        </button>
        <button type="button" className="btn btn-secondary btn-back" onClick={onBack} disabled={waiting}>
          {m.back}
        </button>
        {/* Safari and WebKit refuse a frame's capture by policy with the same words as a person's refusal, so in a
            frame every failure offers the recorder's own tab, where no frame policy applies. */}
        {error && onRecordInTab ? (
          <button type="button" className="btn btn-link" onClick={onRecordInTab}>
            {m.unsupported.recordInTab}
          </button>
        ) : null}
        {/* Whatever stopped the capture, a video file still reaches the same request. */}
        {error ? (
          <button type="button" className="btn btn-link" onClick={onUseFile}>
            {m.unsupported.uploadInstead}
          </button>
        ) : null}
      </div>
    </section>
  );
}
