import type { User } from '@showback/contract';
import { useAtomValue } from 'jotai';
import { useLayoutEffect, useState } from 'react';
import { userAtom } from './userAtom.ts';

/**
 * The signed-in user, for components of prerendered public pages. Their HTML was rendered for a visitor, so the
 * render that hydrates it must be a visitor's too: otherwise React reports a hydration mismatch (#418) and throws the
 * server's HTML away to render the page again. The stored user follows in a layout effect, before the browser paints
 * when the component mounts on a client navigation.
 */
export function useUserAfterHydration(): User | null {
  const user = useAtomValue(userAtom);
  const [hydrated, setHydrated] = useState(false);
  useLayoutEffect(() => setHydrated(true), []);
  return hydrated ? user : null;
}
