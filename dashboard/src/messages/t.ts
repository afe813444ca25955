import type { Source } from './catalogue.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language must have: the same sections and keys as en/, every one of them (no fallback). */
export type Catalogue = Widen<Source>;

type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Keys<Source>;
export type MessageParams = Record<string, string | number>;

// The English sections loaded so far. A page's modules import the sections whose keys they name (the lint rule
// dashboard/messages-imported checks it), so a page's chunks carry its own strings and no other page's.
const sections: Record<string, unknown> = {};
// The whole catalogue of the language in the address, when one other than English is loaded.
let translation: Partial<Catalogue> | undefined;

/** Makes an English section (a file of en/) known to `t`; it runs when a module importing that file is loaded. */
export function defineSection<T extends object>(name: keyof Source, messages: T): T {
  sections[name] = messages;
  return messages;
}

// A language is a folder next to en/ named by its code (de/, pt-BR/) with one file per section of en/, each exporting
// its section under the same name, typed `Catalogue['auth']` and so on. It is loaded whole, before the first render.
const languageFiles = import.meta.glob<Partial<Catalogue>>(['./*/*.ts', '!./en/*.ts', '!./**/*.test.ts']);

/** Switches to the language `lang` when a folder for it exists; English stays active otherwise. */
export async function loadLanguage(lang: string | undefined): Promise<void> {
  const loads = Object.entries(languageFiles).filter(([file]) => lang && file.startsWith(`./${lang}/`));
  translation = loads.length ? Object.assign({}, ...(await Promise.all(loads.map(([, load]) => load())))) : undefined;
}

/** The text for `key`, with `{name}` placeholders replaced from `params`. */
export function t(key: MessageKey, params?: MessageParams): string {
  let node: unknown = translation ?? sections;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`Missing message "${key}"`);
  if (!params) return node;
  return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
