import { locale } from '../messages/index.ts';

const unit = (unit: string, n: number, display: 'long' | 'short' = 'long', maximumFractionDigits = 0): string =>
  new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display, maximumFractionDigits }).format(n);

/**
 * 900 → "15 minutes"; 90 → "1 minute 30 seconds" ("1 Minute, 30 Sekunden", "1 minuta i 30 sekund"): plural forms and the way
 * units are joined are the language's own (Intl), not English rules.
 */
export function spokenDuration(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = Math.round(seconds % 60);
  const parts: string[] = [];
  if (m > 0) parts.push(unit('minute', m));
  if (s > 0 || m === 0) parts.push(unit('second', s));
  return new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }).format(parts);
}

export function bytes(n: number): string {
  if (n >= 1024 ** 3) return unit('gigabyte', n / 1024 ** 3, 'short', 1);
  if (n >= 1024 ** 2) return unit('megabyte', Math.round(n / 1024 ** 2), 'short');
  return unit('kilobyte', Math.max(1, Math.round(n / 1024)), 'short');
}

/** 0.42 → "42%" ("42 %" in French and German). */
export const percent = (fraction: number): string => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
