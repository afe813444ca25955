import type { WidgetStrings } from './strings.ts';

export interface ModalProps {
  /** The modal's heading (the launcher's default text) and its other words, in the widget's language. */
  title: string;
  t: WidgetStrings;
  /** Written right to left: the modal is mirrored. */
  rtl: boolean;
  lang: string;
  /** The recorder URL once the session exists. */
  url?: string;
  error?: string;
  /**
   * While recording: a small floating control in `corner` (e.g. `bottom left`) with no backdrop, so the page under it
   * stays usable. The same elements as the full modal, so the iframe (and the recording in it) is never reloaded.
   */
  compact?: boolean;
  /** Under the compact control while the page's private elements are blurred (privacy-blur.ts). */
  privacyNote?: string;
  corner: string;
  onClose(): void;
  onFrame(el: HTMLIFrameElement | null): void;
  /** Focus wrapped past the first or last element (focus trap sentinels). */
  onWrap(to: 'first' | 'last'): void;
}

/** The modal: a labelled dialog with a close button and the recorder iframe, between two focus-trap sentinels. */
export function Modal({ title, t, rtl, lang, url, error, compact, privacyNote, corner, onClose, onFrame, onWrap }: ModalProps) {
  // Compact, the control is one more stop in the page's own Tab order: no trap, not modal.
  const sentinel = compact ? -1 : 0;
  return (
    <div class={compact ? `backdrop compact ${corner}` : 'backdrop'}>
      <span tabIndex={sentinel} onFocus={() => onWrap('last')} />
      <div
        class="dialog"
        lang={lang}
        dir={rtl ? 'rtl' : 'ltr'}
        role={compact ? 'region' : 'dialog'}
        aria-modal={compact ? undefined : 'true'}
        aria-labelledby={compact ? undefined : 'sb-title'}
        aria-label={compact ? t.control : undefined}
        aria-describedby={compact && privacyNote ? 'sb-blurred' : undefined}
      >
        <div class="bar">
          <h2 id="sb-title">{title}</h2>
          <button type="button" class="x" aria-label={t.close} onClick={onClose}>
            ×
          </button>
        </div>
        {error ? (
          <p class="msg err" role="alert">
            {error}
          </p>
        ) : url ? (
          <iframe ref={onFrame} title={compact ? t.frameControl : t.frame} src={url} allow="display-capture; microphone" />
        ) : (
          <p class="msg" role="status">
            {t.loading}
          </p>
        )}
      </div>
      {compact && privacyNote && (
        <p id="sb-blurred" class="blurred" lang={lang} dir={rtl ? 'rtl' : 'ltr'}>
          {privacyNote}
        </p>
      )}
      <span tabIndex={sentinel} onFocus={() => onWrap('first')} />
    </div>
  );
}
