import type { AnalyticsConfig } from './constants.ts';

/** The server renders the write key into the page only when analytics is configured; no key means no analytics. */
export function readAnalyticsConfig(doc: Document = document): AnalyticsConfig | undefined {
  const writeKey = doc.querySelector<HTMLMetaElement>('meta[name="analytics-write-key"]')?.content.trim();
  const url = doc.querySelector<HTMLMetaElement>('meta[name="analytics-url"]')?.content.trim();
  if (!writeKey || !url) return undefined;
  return { writeKey, url: url.replace(/\/+$/, '') };
}
