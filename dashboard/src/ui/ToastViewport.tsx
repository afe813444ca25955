import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { t } from '../messages/t.ts';
import { toastsAtom } from './toastAtom.ts';
import { useToast } from './useToast.ts';
import styles from './Toast.module.css';
import '../messages/en/common.ts';

function overlayElement(): Element {
  let overlay = document.getElementById('overlay');
  if (!overlay) {
    overlay = document.createElement('div');
    overlay.id = 'overlay';
    document.body.append(overlay);
  }
  return overlay;
}

/** Renders the toasts into the global overlay element (spec §2 layout), 25rem wide, newest last. */
export function ToastViewport() {
  // Set after mount: a portal cannot be hydrated, and prerendered pages (scripts/prerender.ts) have no overlay yet.
  const [container, setContainer] = useState<Element | null>(null);
  useEffect(() => setContainer(overlayElement()), []);
  const toasts = useAtomValue(toastsAtom);
  const { dismiss } = useToast();
  if (!container) return null;
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
