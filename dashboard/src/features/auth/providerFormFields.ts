import { LOCALE_BASENAME } from '../../app/locale.ts';
import { afterSignInPath } from '../../app/paths.ts';
import { attributionPayload } from '../attribution/attribution.ts';

/**
 * The hidden fields of the Google/Slack form posts besides the CSRF token: redirect_to, the browser path a password
 * sign-in would navigate to (the guarded page, else the dashboard, with this page's language prefix, since the
 * server redirects the browser there directly), and the stored sign-up attribution, which the server keeps in case
 * the sign-in creates the account. The server checks both again.
 */
export function providerFormFields(redirectTo: string | null, storage: Storage = sessionStorage): [string, string][] {
  const attribution = Object.entries(attributionPayload(storage)).filter((entry): entry is [string, string] => entry[1] !== null);
  return [['redirect_to', `${LOCALE_BASENAME}${afterSignInPath(redirectTo)}`], ...attribution];
}
