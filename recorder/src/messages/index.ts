import { en, type Messages } from './en.ts';
import { isRtl, type Locale } from '@showback/contract';

// One chunk per language, fetched only when that language is chosen: the customer downloads English (bundled, the
// fallback while nothing else has loaded) and at most their own.
const catalogues: Record<Exclude<Locale, 'en'>, () => Promise<Messages>> = {
  de: () => import('./de.ts').then((c) => c.de),
  fr: () => import('./fr.ts').then((c) => c.fr),
  es: () => import('./es.ts').then((c) => c.es),
  'pt-BR': () => import('./pt-BR.ts').then((c) => c.ptBR),
  it: () => import('./it.ts').then((c) => c.it),
  nl: () => import('./nl.ts').then((c) => c.nl),
  pl: () => import('./pl.ts').then((c) => c.pl),
  sv: () => import('./sv.ts').then((c) => c.sv),
  ja: () => import('./ja.ts').then((c) => c.ja),
  ko: () => import('./ko.ts').then((c) => c.ko),
  'zh-CN': () => import('./zh-CN.ts').then((c) => c.zhCN),
  ar: () => import('./ar.ts').then((c) => c.ar),
};

export const loadCatalogue = (locale: Locale): Promise<Messages> => (locale === 'en' ? Promise.resolve(en) : catalogues[locale]());

/**
 * The strings in use. Components read `m` while rendering; `setLocale` replaces it and the app renders again (the
 * recorder's state, a recording in progress included, is untouched). An ES module binding: importers see the change.
 */
export let m: Messages = en;
export let locale: Locale = 'en';

let latest: Locale = 'en';

/**
 * Switches the page to `next` once its strings have arrived: `<html lang dir>` and the title follow. Resolves false
 * when a later call overtook this one (its strings were not applied). A catalogue that cannot be fetched rejects and
 * leaves the current language in place.
 */
export async function setLocale(next: Locale): Promise<boolean> {
  latest = next;
  const messages = await loadCatalogue(next);
  if (latest !== next) return false;
  m = messages;
  locale = next;
  document.documentElement.lang = next;
  document.documentElement.dir = isRtl(next) ? 'rtl' : 'ltr';
  document.title = messages.pageTitle;
  return true;
}
