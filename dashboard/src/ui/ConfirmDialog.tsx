import { useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button.tsx';
import { Banner } from './Banner.tsx';
import { t } from '../messages/t.ts';
import styles from './ConfirmDialog.module.css';
import '../messages/en/common.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  /** Runs the action; a rejection keeps the dialog open and shows `errorText(reason)`. */
  onConfirm: () => Promise<void>;
  onClose: () => void;
  errorText: (reason: unknown) => string;
  /** `primary` for an action that destroys nothing; red otherwise. */
  tone?: 'danger' | 'primary';
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, Escape cancels and focus returns to the
 * button that opened it. Cancel has the initial focus so Enter never destroys anything by accident.
 */
export function ConfirmDialog({ open, title, text, confirmLabel, onConfirm, onClose, errorText, tone = 'danger' }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setError(undefined);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (reason) {
      setError(errorText(reason));
    } finally {
      setBusy(false);
    }
  };

  return (
    <dialog ref={ref} className={styles.dialog} aria-labelledby={titleId} aria-describedby={textId} onClose={onClose}>
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      <p id={textId} className={styles.text}>
        {text}
      </p>
      {error && <Banner tone="error">{error}</Banner>}
      <div className={styles.actions}>
        <Button variant="secondary" autoFocus onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button variant={tone} busy={busy} onClick={() => void confirm()}>
          {confirmLabel}
        </Button>
      </div>
    </dialog>
  );
}
