export interface ModalProps {
  /** The recorder URL once the session exists. */
  url?: string;
  error?: string;
  onClose(): void;
  onFrame(el: HTMLIFrameElement | null): void;
  /** Focus wrapped past the first or last element (focus trap sentinels). */
  onWrap(to: 'first' | 'last'): void;
}

/** The modal: a labelled dialog with a close button and the recorder iframe, between two focus-trap sentinels. */
export function Modal({ url, error, onClose, onFrame, onWrap }: ModalProps) {
  return (
    <div class="backdrop">
      <span tabIndex={0} onFocus={() => onWrap('last')} />
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="sb-title">
        <div class="bar">
          <h2 id="sb-title">Record your screen</h2>
          <button type="button" class="x" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        {error ? (
          <p class="msg err" role="alert">
            {error}
          </p>
        ) : url ? (
          <iframe ref={onFrame} title="Screen recorder" src={url} allow="display-capture; microphone" />
        ) : (
          <p class="msg" role="status">
            Loading…
          </p>
        )}
      </div>
      <span tabIndex={0} onFocus={() => onWrap('first')} />
    </div>
  );
}
