import { useEffect, useId, useRef } from 'react';

interface Props {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * The recorder's question before something is thrown away, on the native <dialog>: the browser traps focus, Escape
 * cancels and focus returns to the button that asked. Cancel comes first and has the focus, so Enter keeps things.
 */
export function ConfirmDialog({ open, title, text, confirmLabel, cancelLabel, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const textId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (open && dialog && !dialog.open) dialog.showModal();
    else if (!open && dialog?.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="confirm" aria-labelledby={titleId} aria-describedby={textId} onClose={onCancel}>
      <h2 id={titleId} className="confirm-title">
        {title}
      </h2>
      <p id={textId} className="muted">
        {text}
      </p>
      <div className="actions">
        <button type="button" className="btn btn-secondary" autoFocus onClick={onCancel}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
