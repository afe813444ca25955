import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';

/** For a user whose browser never said (no Accept-Language, or signed in before locales were kept). */
export const DEFAULT_LOCALE = 'en-US';

const formattable = (tag: string): boolean => {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(tag).length > 0;
  } catch {
    return false; // not a well-formed language tag
  }
};

/** The request's most preferred language (Accept-Language) that dates can be written in; undefined when none. */
export function requestLocale(request: Pick<FastifyRequest, 'headers'>): string | undefined {
  const header = request.headers['accept-language'];
  if (!header) return undefined;
  return new Negotiator({ headers: { 'accept-language': header } }).languages().find((tag) => tag !== '*' && formattable(tag));
}

/**
 * A day as its reader writes it, in the dashboard's format (ui/formatters.ts): "Nov 29, 2026" (en-US), "29.11.2026"
 * (de-DE). For emails (the recipient's users.locale) and API messages (the request's locale). In UTC, the zone the
 * product counts days in (trials, retention), since the server does not know where it is read.
 */
export function localeDate(value: Date | string, locale: string | null | undefined): string {
  return new Intl.DateTimeFormat(locale ?? DEFAULT_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(value));
}
