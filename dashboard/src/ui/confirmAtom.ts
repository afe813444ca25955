import { atom } from 'jotai';

export interface ConfirmRequest {
  /** The question, the dialog's accessible name: "Disable ana@example.com?". */
  title: string;
  /** What follows from saying yes. */
  text: string;
  /** The action's own verb ("Disable", "Delete endpoint"), never a bare "OK". */
  confirmLabel: string;
  /** `primary` for an action that destroys nothing (extending a trial); red otherwise. */
  tone?: 'danger' | 'primary';
}

export interface PendingConfirm extends ConfirmRequest {
  answer: (confirmed: boolean) => void;
}

/** The one question the app is asking (ConfirmHost shows it). */
export const confirmAtom = atom<PendingConfirm | undefined>(undefined);
