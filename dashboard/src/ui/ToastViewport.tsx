import { useAtomValue } from 'jotai';
import { createPortal } from 'react-dom';
import { t } from '../messages/t.ts';
import { toastsAtom } from './toastAtom.ts';
import { useToast } from './useToast.ts';
import styles from './Toast.module.css';
import '../messages/en/common.ts';

/** Renders the toasts into the global overlay element (spec §2 layout), 25rem wide, newest last. */
export function ToastViewport({ container }: { container: Element }) {
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToast();
  return createPortal(
    <ol className={styles.viewport} aria-live="polite" aria-relevant="additions">
      {toasts.map((toast) => (
        <li key={toast.id} className={[styles.toast, styles[toast.tone]].join(' ')} role={toast.tone === 'error' ? 'alert' : 'status'}>
          <div className={styles.body}>
            {toast.title && <p className={styles.title}>{toast.title}</p>}
            <p className={styles.message}>{toast.message}</p>
          </div>
          <button type="button" className={styles.close} onClick={() => dismiss(toast.id)} aria-label={t('common.dismiss')}>
            ×
          </button>
        </li>
      ))}
    </ol>,
    container,
  );
}
