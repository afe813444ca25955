/**
 * Text the database can store. PostgreSQL cannot hold a NUL character (the query fails), jsonb refuses a lone UTF-16
 * surrogate and text columns would turn one into U+FFFD; no keyboard produces either. The API refuses such input
 * (422 naming the field); captured host-page data is repaired instead, so one odd console line never costs a recording.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The text without NULs and with each lone surrogate (a string cut inside an emoji, say) replaced by U+FFFD. */
export const toStorableText = (text: string): string => text.replaceAll('\u0000', '').replace(LONE_SURROGATES, '\ufffd');

/** Plain data (as postMessage delivers it) with every string and key made storable; nesting past `maxDepth` is dropped. */
export function toStorableData(value: unknown, maxDepth = 8): unknown {
  if (typeof value === 'string') return toStorableText(value);
  if (!value || typeof value !== 'object') return value;
  if (maxDepth === 0) return undefined;
  if (Array.isArray(value)) return value.map((item) => toStorableData(item, maxDepth - 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [toStorableText(key), toStorableData(item, maxDepth - 1)]));
}
