import { atom } from 'jotai';
import type { Tone } from './Banner.tsx';

/** Spec §9: 5000 ms for most toasts, 3000 ms for "saved", 2000 ms for "copied". */
export const TOAST_LIFETIME = { default: 5000, saved: 3000, copy: 2000 } as const;

export interface Toast {
  id: number;
  tone: Tone;
  title?: string;
  message: string;
  lifetimeMs: number;
}

export const toastsAtom = atom<Toast[]>([]);
