import { useSetAtom } from 'jotai';
import { useState } from 'react';
import { ApiError } from '../../app/api.ts';
import { LOCALE_BASENAME } from '../../app/locale.ts';
import { SIGN_IN_PATH } from '../../app/paths.ts';
import { t } from '../../messages/t.ts';
import { useToast } from '../../ui/useToast.ts';
import { signOut } from './authApi.ts';
import { userAtom } from './userAtom.ts';
import '../../messages/en/app.ts';

/** Ends the session and goes to sign-in; `signingOut` is true while the call runs. */
export function useSignOut(): { signOut: () => Promise<void>; signingOut: boolean } {
  const setUser = useSetAtom(userAtom);
  const { show } = useToast();
  const [signingOut, setSigningOut] = useState(false);

  const run = async () => {
    setSigningOut(true);
    try {
      await signOut();
    } catch (error) {
      // A session that is already gone is what signing out wants anyway.
      if (!(error instanceof ApiError && error.status === 401)) {
        setSigningOut(false);
        show({ tone: 'error', message: t('app.signOutFailed') });
        return;
      }
    }
    // A full page load: nothing of the signed-in session stays in memory, and no guard sees the user vanish
    // mid-navigation (which would turn this into /sign-in?redirect_to=…).
    setUser(null);
    window.location.assign(`${LOCALE_BASENAME}${SIGN_IN_PATH}`);
  };
  return { signOut: run, signingOut };
}
