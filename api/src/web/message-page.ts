import { isRtl, type Locale } from '@showback/contract';

/**
 * Escapes text for HTML element content and double-quoted attributes (the API writes no other kind): the one escaper
 * of its pages, emails and helpdesk notes.
 */
export const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A small self-contained HTML page (inline style only, no script) for answers the server gives outside the front
 * ends: the unsubscribe confirmation, an unknown branded subdomain. `body` is trusted HTML; escape what goes in it.
 * `locale`: the language the title and body are written in (`lang`; Arabic also `dir="rtl"`).
 */
export function messagePage(title: string, body: string, locale: Locale): string {
  return `<!doctype html><html lang="${locale}" dir="${isRtl(locale) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem}
button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1f6b45;color:#fff;cursor:pointer}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
}
