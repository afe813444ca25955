import { describe, expect, it } from 'vitest';
import { formatBytes, formatDate, formatDateTime, formatNumber } from '../../src/ui/formatters.ts';

// Noon UTC: the same calendar day in every time zone the suite may run in.
const NOON = '2026-11-26T12:00:00.000Z';

describe('one format for dates and numbers, from the viewer’s locale', () => {
  it('writes a day the way the locale does, never ISO', () => {
    expect(formatDate(NOON, 'en-US')).toBe('Nov 26, 2026');
    expect(formatDate(NOON, 'en-GB')).toBe('26 Nov 2026');
    expect(formatDate(NOON, 'de')).toBe('26.11.2026');
    expect(formatDate(NOON, 'ja')).toBe('2026/11/26');
  });

  it('adds the time in the viewer’s clock style', () => {
    expect(formatDateTime(NOON, 'en-US')).toMatch(/^Nov 26, 2026, \d{1,2}:\d{2}\s[AP]M$/);
    expect(formatDateTime(NOON, 'de')).toMatch(/^26\.11\.2026, \d{2}:\d{2}$/);
  });

  it('uses the browser’s own language when the page has no language prefix', () => {
    const browser = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(NOON));
    expect(formatDate(NOON)).toBe(browser);
    expect(formatDate(NOON)).not.toMatch(/^\d{4}-\d{2}-\d{2}/);
  });

  it('groups numbers and sizes by the locale', () => {
    expect(formatNumber(12345, 'en-US')).toBe('12,345');
    expect(formatNumber(12345, 'de')).toBe('12.345');
    expect(formatBytes(1536, 'de')).toBe('1,5 KB');
    expect(formatBytes(null)).toBe('—');
  });
});
