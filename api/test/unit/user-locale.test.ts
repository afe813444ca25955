import { describe, expect, it } from 'vitest';
import { localeDate, requestLocale } from '../../src/modules/users/user-locale.ts';

const from = (header?: string) => requestLocale({ headers: header === undefined ? {} : { 'accept-language': header } });

describe('the locale of a request and the dates of emails', () => {
  it('takes the most preferred language Intl can write dates in', () => {
    expect(from('fr-CA, de-DE;q=0.9, en;q=0.8')).toBe('fr-CA');
    expect(from('en;q=0.2, pt-BR;q=0.9')).toBe('pt-BR');
    expect(from('not a tag!, de;q=0.5')).toBe('de');
    expect(from('*')).toBeUndefined();
    expect(from('')).toBeUndefined();
    expect(from()).toBeUndefined();
  });

  it('writes a day as the dashboard does, in the reader’s locale, in UTC, US English when unknown', () => {
    const late = '2026-11-29T23:30:00.000Z';
    expect(localeDate(late, 'de-DE')).toBe('29.11.2026');
    expect(localeDate(late, 'en-GB')).toBe('29 Nov 2026');
    expect(localeDate(new Date(late), null)).toBe('Nov 29, 2026');
    expect(localeDate(late, 'fr')).toBe('29 nov. 2026');
  });
});
