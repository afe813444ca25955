/**
 * The languages the customer's side speaks (recorder, widget), each named in itself for a language switch: a
 * customer looks for their own language's name, not its English one. `rtl`: written right to left. Schema-free, so
 * the recorder imports it without TypeBox.
 */
export const LOCALES = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
  { code: 'es', name: 'Español' },
  { code: 'pt-BR', name: 'Português (Brasil)' },
  { code: 'it', name: 'Italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pl', name: 'Polski' },
  { code: 'sv', name: 'Svenska' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'zh-CN', name: '简体中文' },
  { code: 'ar', name: 'العربية', rtl: true },
] as const;

export type Locale = (typeof LOCALES)[number]['code'];

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code);

export const isRtl = (locale: Locale): boolean => LOCALES.some((l) => l.code === locale && 'rtl' in l);

// Traditional Chinese readers are not sent to Simplified: the script differs, and for many readers the choice is
// not neutral. They get their next browser language, or English, and the switch.
const TRADITIONAL_CHINESE = /^zh-(hant|tw|hk|mo)\b/i;

/**
 * The available locale for a BCP 47 tag: the same tag, else the same language in another region (`pt-PT` → `pt-BR`,
 * `de-AT` → `de`, `zh` → `zh-CN`); undefined when none fits.
 */
export function matchLocale(tag: string): Locale | undefined {
  const lower = tag.trim().toLowerCase();
  const exact = LOCALES.find((l) => l.code.toLowerCase() === lower);
  if (exact) return exact.code;
  if (TRADITIONAL_CHINESE.test(lower)) return undefined;
  const language = lower.split('-')[0];
  return LOCALES.find((l) => l.code.toLowerCase().split('-')[0] === language)?.code;
}
