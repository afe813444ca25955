import { matchLocale, type Locale } from '@showback/contract';

export interface LocaleSources {
  /** The link's language prefix (`/ja/r/<token>`), which the widget's `locale` option also sets on its frame. */
  prefix?: string | undefined;
  /** The language the request's owner set on the request; null: the customer's browser decides. */
  requested?: string | null | undefined;
  /** `navigator.languages`, most preferred first. */
  browser: readonly string[];
}

/** The rules of choice (docs/recorder.md, Languages): prefix, then the request's language, then the browser's, then English. */
export function chooseLocale({ prefix, requested, browser }: LocaleSources): Locale {
  for (const tag of [prefix, requested, ...browser]) {
    const found = tag ? matchLocale(tag) : undefined;
    if (found) return found;
  }
  return 'en';
}
