import type { FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { chooseLocale, firstLocale, type Locale } from '@showback/contract';
import { ar } from './texts/ar.ts';
import { de } from './texts/de.ts';
import { en, type CustomerTexts } from './texts/en.ts';
import { es } from './texts/es.ts';
import { fr } from './texts/fr.ts';
import { it } from './texts/it.ts';
import { ja } from './texts/ja.ts';
import { ko } from './texts/ko.ts';
import { nl } from './texts/nl.ts';
import { pl } from './texts/pl.ts';
import { ptBR } from './texts/pt-BR.ts';
import { sv } from './texts/sv.ts';
import { zhCN } from './texts/zh-CN.ts';

export type { CustomerTexts };

/** Every language the customer's side speaks (contract LOCALE_CODES): a language left out fails the typecheck. */
const TEXTS: Record<Locale, CustomerTexts> = { en, de, fr, es, 'pt-BR': ptBR, it, nl, pl, sv, ja, ko, 'zh-CN': zhCN, ar };

export const customerTexts = (locale: Locale): CustomerTexts => TEXTS[locale];

/** The language prefix of the address as it was asked for (`/de/…`); the router has already removed it from `url`. */
const PREFIX = /^\/([a-z]{2}(?:-[A-Z]{2})?)(?=[/?#]|$)/;

/**
 * The language of a page the server answers itself, by the recorder's rules (docs/recorder.md, Languages): the
 * address's prefix, else the browser's languages (Accept-Language, most preferred first), else English.
 */
export function pageLocale(request: Pick<FastifyRequest, 'originalUrl' | 'headers'>): Locale {
  const header = request.headers['accept-language'];
  const browser = header ? new Negotiator({ headers: { 'accept-language': header } }).languages().filter((tag) => tag !== '*') : [];
  return chooseLocale({ given: PREFIX.exec(request.originalUrl)?.[1], browser });
}

/**
 * The customer's language as far as it is known when writing to them through a helpdesk: the request's own language,
 * else the first of the languages the helpdesk keeps for them that Showback speaks. Undefined when nothing is known:
 * the text is then English and the link keeps no prefix, so the customer's browser still chooses.
 */
export const knownCustomerLocale = (requested: Locale | null, kept: readonly (string | null | undefined)[]): Locale | undefined => firstLocale([requested, ...kept]);

/** The recording link with the language's prefix (`/de/r/<token>`): the recorder opens in that language. */
export function localizedLink(link: string, locale: Locale): string {
  const url = new URL(link);
  url.pathname = `/${locale}${url.pathname}`;
  return url.toString();
}
