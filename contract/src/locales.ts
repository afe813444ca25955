/**
 * The languages the customer's side speaks (recorder, widget). Schema-free and small: the recorder and the widget
 * SDK import it without TypeBox, and the SDK's up-front bundle takes only the codes and `matchLocale`.
 */
export const LOCALE_CODES = ['en', 'de', 'fr', 'es', 'pt-BR', 'it', 'nl', 'pl', 'sv', 'ja', 'ko', 'zh-CN', 'ar'] as const;

export type Locale = (typeof LOCALE_CODES)[number];

/** Each language named in itself, for a language switch: a customer looks for their own language's name. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  'pt-BR': 'Português (Brasil)',
  it: 'Italiano',
  nl: 'Nederlands',
  pl: 'Polski',
  sv: 'Svenska',
  ja: '日本語',
  ko: '한국어',
  'zh-CN': '简体中文',
  ar: 'العربية',
};

/** Written right to left: the page is mirrored. Arabic is the only such language so far. */
export const isRtl = (locale: Locale): boolean => locale === 'ar';

// Traditional Chinese readers are not sent to Simplified: the script differs, and for many readers the choice is
// not neutral. They get their next browser language, or English, and the switch.
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i;

/**
 * The available locale for a BCP 47 tag: the same tag, else the same language in another region (`pt-PT` → `pt-BR`,
 * `de-AT` → `de`, `zh` → `zh-CN`); undefined when none fits.
 */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  const language = (t: string) => t.toLowerCase().split('-')[0];
  return LOCALE_CODES.find((c) => c.toLowerCase() === lower) ?? (TRADITIONAL_CHINESE.test(lower) ? undefined : LOCALE_CODES.find((c) => language(c) === language(lower)));
}

export interface LocaleSources {
  /** The link's language prefix (`/ja/r/<token>`), or the widget's `locale` option (which sets it on its frame). */
  given?: string | undefined;
  /** The language the request's owner set on the request; null: the customer's browser decides. */
  requested?: string | null | undefined;
  /** `navigator.languages`, most preferred first. */
  browser: readonly string[];
}

/** The first of these tags (most wanted first) that an available locale fits; undefined when none does. */
export function firstLocale(tags: readonly (string | null | undefined)[]): Locale | undefined {
  for (const tag of tags) {
    const found = tag ? matchLocale(tag) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The rules of choice (docs/recorder.md, Languages): given, then the request's language, then the browser's, then English. */
export const chooseLocale = ({ given, requested, browser }: LocaleSources): Locale => firstLocale([given, requested, ...browser]) ?? 'en';
