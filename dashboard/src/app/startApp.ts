import { captureAttribution } from '../features/attribution/attribution.ts';
import { fetchCurrentUser } from '../features/auth/authApi.ts';
import { userAtom } from '../features/auth/userAtom.ts';
import { loadLanguage } from '../messages/t.ts';
import { currentLang } from './locale.ts';
import { skipsCurrentUserFetch } from './startup.ts';
import { store } from './store.ts';

/**
 * Spec §2 "Start-up": public routes mount at once; every other route fetches the current user first and mounts
 * when that settles. A failed fetch clears the stored user, notes it, and the app mounts anyway.
 */
export async function startApp(location: Location = window.location): Promise<void> {
  captureAttribution(location.search);
  const language = loadLanguage(currentLang);
  if (!skipsCurrentUserFetch(location.pathname)) {
    try {
      store.set(userAtom, await fetchCurrentUser());
    } catch (error) {
      store.set(userAtom, null);
      console.info('no authenticated session found', error instanceof Error ? error.message : error);
    }
  }
  await language;
}
