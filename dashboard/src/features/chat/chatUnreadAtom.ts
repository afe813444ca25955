import { atom } from 'jotai';

/** Staff messages the signed-in user has not read: the navigation's badge; /chat keeps it exact while open. */
export const chatUnreadAtom = atom(0);
