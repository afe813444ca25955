import type { User } from '@showback/contract';
import { useAtomValue } from 'jotai';
import { useHydrated } from '../../app/useHydrated.ts';
import { userAtom } from './userAtom.ts';

/**
 * The signed-in user, for components of prerendered public pages. Their HTML was rendered for a visitor, so the
 * render that hydrates it must be a visitor's too: otherwise React reports a hydration mismatch (#418) and throws the
 * server's HTML away to render the page again. On a client navigation the stored user is there from the first render.
 */
export function useUserAfterHydration(): User | null {
  const user = useAtomValue(userAtom);
  return useHydrated() ? user : null;
}
