import { current } from './current.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every language file must have: the same keys as `current`, every one of them (no fallback). */
export type Catalogue = Widen<typeof current>;

type Keys<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Keys<T[K], `${P}${K}.`>;
}[keyof T & string];
export type MessageKey = Keys<typeof current>;
export type MessageParams = Record<string, string | number>;

let active: Catalogue = current;

// A language is a file next to this one named by its code (de.ts, pt-BR.ts) exporting `catalogue: Catalogue`.
const languageFiles = import.meta.glob<{ catalogue: Catalogue }>(['./*.ts', '!./t.ts', '!./current.ts', '!./*.test.ts']);

/** Switches to the catalogue of `lang` when a file for it exists; `current` stays active otherwise. */
export async function loadLanguage(lang: string | undefined): Promise<void> {
  const load = lang ? languageFiles[`./${lang}.ts`] : undefined;
  active = load ? (await load()).catalogue : current;
}

/** The text for `key`, with `{name}` placeholders replaced from `params`. */
export function t(key: MessageKey, params?: MessageParams): string {
  let node: unknown = active;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== 'string') throw new Error(`Missing message "${key}"`);
  if (!params) return node;
  return node.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
