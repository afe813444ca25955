import { atomWithStorage, createJSONStorage } from 'jotai/utils';
import type { User } from '@showback/contract';

/** Key of the signed-in user record in localStorage (spec §3). */
export const USER_STORAGE_KEY = 'user';

/**
 * The signed-in user (id, role, is_sysadmin, name, email, account.onboarding_completed, …), kept in localStorage so
 * the route guards can decide before any call. `null` when signed out. Read synchronously on first use.
 */
export const userAtom = atomWithStorage<User | null>(USER_STORAGE_KEY, null, createJSONStorage<User | null>(() => localStorage), { getOnInit: true });
