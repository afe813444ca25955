import { playerClock } from '@showback/contract';
import { currentLang } from '../app/locale.ts';

/**
 * The viewer's locale: the page's language prefix (/de/…) when there is one, the browser's own language otherwise
 * (`undefined` lets Intl pick it). Every date, time and count a person reads goes through these functions, in the
 * viewer's time zone, so one screen never mixes "Nov 26, 2026", "11/26/2026" and ISO.
 */
const viewerLocale = currentLang ?? undefined;

/** 65_000 → "1:05", 3_725_000 → "1:02:05". */
export function formatDuration(ms: number | null | undefined): string {
  return ms === null || ms === undefined || !Number.isFinite(ms) ? '—' : playerClock(ms, 'round');
}

/** "Nov 26, 2026" (en-US), "26.11.2026" (de). */
export function formatDate(iso: string, locale: string | undefined = viewerLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(iso));
}

/** "Nov 26, 2026, 3:04 PM" (en-US), "26.11.2026, 15:04" (de). */
export function formatDateTime(iso: string, locale: string | undefined = viewerLocale): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** 12345 → "12,345" (en-US), "12.345" (de). */
export function formatNumber(value: number, locale: string | undefined = viewerLocale): string {
  return new Intl.NumberFormat(locale).format(value);
}

export function formatBytes(bytes: number | null | undefined, locale: string | undefined = viewerLocale): string {
  if (bytes === null || bytes === undefined) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
