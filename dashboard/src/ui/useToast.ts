import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { TOAST_LIFETIME, toastsAtom, type Toast } from './toastAtom.ts';

let nextId = 1;

export type ToastInput = Omit<Toast, 'id' | 'lifetimeMs' | 'tone'> & Partial<Pick<Toast, 'lifetimeMs' | 'tone'>>;

/** `show` adds a toast that removes itself after its lifetime; `dismiss` removes one early. */
export function useToast() {
  const setToasts = useSetAtom(toastsAtom);
  const dismiss = useCallback((id: number) => setToasts((list) => list.filter((toast) => toast.id !== id)), [setToasts]);
  const show = useCallback(
    (input: ToastInput) => {
      const toast: Toast = { tone: 'info', lifetimeMs: TOAST_LIFETIME.default, ...input, id: nextId++ };
      setToasts((list) => [...list, toast]);
      setTimeout(() => dismiss(toast.id), toast.lifetimeMs);
      return toast.id;
    },
    [setToasts, dismiss],
  );
  return { show, dismiss };
}
