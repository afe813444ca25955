import { atom } from 'jotai';

/**
 * What sign-in hands to the set-password step of a user with a one-time password: the password just typed (so
 * the person only chooses the new one) and where to go afterwards. Memory only: it must never reach history
 * state or storage.
 */
export const pendingPasswordChangeAtom = atom<{ currentPassword: string; next: string } | null>(null);
