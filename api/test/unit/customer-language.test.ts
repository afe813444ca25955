import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, type Locale } from '@showback/contract';
import { customerTexts, knownCustomerLocale, pageLocale } from '../../src/customer-language/customer-language.ts';
import { en } from '../../src/customer-language/texts/en.ts';
import { ticketReply } from '../../src/integrations/helpdesk/ticket-reply.ts';
import { recorderLanguageChunks, withModulePreload } from '../../src/web/html-page.ts';

const LINK = 'https://acme.showback.example/r/tok_123';
const request = (language: Locale | null = null) => ({ language, link_url: LINK });

/** Every string of a catalogue, functions called with a marker, keyed by path. */
function strings(texts: object, prefix = ''): Record<string, string> {
  return Object.fromEntries(
    Object.entries(texts).flatMap(([key, value]): [string, string][] => {
      const at = `${prefix}${key}`;
      if (typeof value === 'string') return [[at, value]];
      if (typeof value === 'function') return [[at, (value as (v: string) => string)('«X»')]];
      return Object.entries(strings(value as object, `${at}.`));
    }),
  );
}

describe('what the API writes to the customer, in their language', () => {
  it('has every text in every language, translated (no English left), values placed whole', () => {
    const english = strings(en);
    for (const locale of LOCALE_CODES.filter((l) => l !== 'en')) {
      const theirs = strings(customerTexts(locale));
      expect(Object.keys(theirs), locale).toEqual(Object.keys(english));
      for (const [key, text] of Object.entries(theirs)) {
        expect(text, `${locale} ${key}`).not.toBe(english[key]);
        if (english[key]!.includes('«X»')) expect(text, `${locale} ${key}`).toContain('«X»');
      }
    }
  });

  it('writes the reply in each language with the link carrying its prefix; HTML with lang, dir and an escaped anchor', () => {
    for (const locale of LOCALE_CODES) {
      const reply = ticketReply(request(), locale);
      const link = `https://acme.showback.example/${locale}/r/tok_123`;
      expect(reply.language).toBe(locale);
      expect(reply.link_url).toBe(link);
      expect(reply.text).toBe(customerTexts(locale).reply.askToRecord(link));
      expect(reply.html).toMatch(new RegExp(`^<p lang="${locale}"${locale === 'ar' ? ' dir="rtl"' : ''}>`));
      expect(reply.html).toContain(`<a href="${link}" dir="ltr">${link}</a>`);
    }
    expect(ticketReply(request(), 'de').text).toBe('Könnten Sie mir zeigen, was passiert? Hier können Sie Ihren Bildschirm aufnehmen: https://acme.showback.example/de/r/tok_123');
    expect(ticketReply(request(), 'ar').text).toContain('\u2068https://acme.showback.example/ar/r/tok_123\u2069');
    expect(ticketReply({ language: null, link_url: 'https://x.example/r/a"b<c' }, 'fr').html).toContain('<a href="https://x.example/fr/r/a%22b%3Cc" dir="ltr">');
  });

  it('chooses the request’s language, then the requester’s as the helpdesk keeps it, else English with the link left to the browser', () => {
    expect(ticketReply(request('ja'), 'de')).toMatchObject({ language: 'ja', link_url: 'https://acme.showback.example/ja/r/tok_123' });
    // Zendesk's locales are lower case ("pt-br"), regions fall back ("pt-PT" → pt-BR, "de-AT" → de).
    expect(ticketReply(request(), 'pt-br').language).toBe('pt-BR');
    expect(ticketReply(request(), 'pt-PT').language).toBe('pt-BR');
    expect(ticketReply(request(), 'de-AT').language).toBe('de');
    // Nothing known (or only a language Showback does not speak): English, and no prefix, so the browser decides.
    for (const unknown of [null, undefined, '', 'fi', 'zh-TW']) expect(ticketReply(request(), unknown), String(unknown)).toMatchObject({ language: 'en', link_url: LINK });
    expect(ticketReply(request(), 'en-US').link_url).toBe('https://acme.showback.example/en/r/tok_123');
    expect(knownCustomerLocale(null, [undefined, 'fi', 'sv-FI'])).toBe('sv');
  });

  it('chooses a plain page’s language by the address’s prefix, then Accept-Language, then English', () => {
    const page = (originalUrl: string, header?: string) => pageLocale({ originalUrl, headers: header === undefined ? {} : { 'accept-language': header } });
    expect(page('/fr/r/abc', 'ar')).toBe('fr');
    expect(page('/r/abc', 'ar, en;q=0.5')).toBe('ar');
    expect(page('/r/abc', 'fi, de-AT;q=0.8, en;q=0.5')).toBe('de');
    expect(page('/r/abc', 'zh-TW')).toBe('en');
    expect(page('/my/r/abc')).toBe('en');
    expect(page('/')).toBe('en');
  });

  it('preloads the recorder’s strings for the page’s language, found in the build’s manifest', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'showback-recorder-dist-'));
    try {
      expect(await recorderLanguageChunks(dist)).toEqual({});
      await fs.mkdir(path.join(dist, '.vite'));
      const manifest = { 'index.html': { file: 'assets/index-AbCd1234.js' }, 'src/messages/de.ts': { file: 'assets/de-BbJB3XVa.js' }, 'src/messages/pt-BR.ts': { file: 'assets/pt-BR-x1.js' } };
      await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
      expect(await recorderLanguageChunks(dist)).toEqual({ de: '/vite/recorder/assets/de-BbJB3XVa.js', 'pt-BR': '/vite/recorder/assets/pt-BR-x1.js' });
    } finally {
      await fs.rm(dist, { recursive: true, force: true });
    }
    expect(withModulePreload('<head><title>x</title></head>', '/vite/recorder/assets/de-1.js')).toBe('<head><title>x</title><link rel="modulepreload" crossorigin href="/vite/recorder/assets/de-1.js"></head>');
  });
});
