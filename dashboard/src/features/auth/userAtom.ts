import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { SyncStorage } from 'jotai/vanilla/utils/atomWithStorage';
import type { User } from '@showback/contract';

/** Key of the signed-in user record in localStorage (spec §3). */
export const USER_STORAGE_KEY = 'user';

const json = createJSONStorage<User | null>(() => localStorage);

/** Signed out means no record at all (spec §4): null removes the key instead of storing the string "null". */
const userStorage: SyncStorage<User | null> = {
  ...json,
  setItem: (key, user) => (user === null ? json.removeItem(key) : json.setItem(key, user)),
};

/**
 * The signed-in user (id, role, is_sysadmin, name, email, account.onboarding_completed, …), kept in localStorage so
 * the route guards can decide before any call. `null` when signed out. Read synchronously on first use.
 */
export const userAtom = atomWithStorage<User | null>(USER_STORAGE_KEY, null, userStorage, { getOnInit: true });
