import fs from 'node:fs/promises';
import path from 'node:path';
import type { Locale } from '@showback/contract';
import type { Config } from '../config.ts';

const PLACEHOLDER = '<!--app-meta-->';

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The meta tags the front ends read at start-up: the CSRF token and, when configured, analytics. */
export function appMeta(config: Readonly<Config>, csrfToken: string): string {
  const tags: Array<[string, string]> = [['csrf-token', csrfToken]];
  if (config.analytics) tags.push(['analytics-write-key', config.analytics.writeKey], ['analytics-url', config.analytics.url]);
  return tags.map(([name, content]) => `<meta name="${name}" content="${escapeAttribute(content)}">`).join('');
}

export const injectMeta = (html: string, meta: string): string => html.replace(PLACEHOLDER, meta);

/** A shared recording's page (`/s/<token>`): kept out of search engines, in its HTML as in its headers. */
export const NOINDEX_META = '<meta name="robots" content="noindex, nofollow">';

/**
 * The sign-up page opened from an invitation link (`?invitation_token=`): `<html data-invitation>`, so the
 * prerendered page (built for a visitor without a query) paints in the invited shape before any script runs
 * (dashboard/src/features/auth/AuthForm.module.css), and nothing moves when React fills in the invitation.
 */
export const markInvitation = (html: string): string => html.replace(/<html(?=[\s>])/, '<html data-invitation');

/** The dashboard build writes absolute URLs (canonical, Open Graph, sitemap, robots) from this placeholder. */
const PUBLIC_URL_PLACEHOLDER = '{{PUBLIC_URL}}';

/** A built file's text with the deployment's PUBLIC_URL (read at start, not at build time) in its absolute URLs. */
export const withPublicUrl = (text: string, config: Readonly<Config>): string =>
  text.replaceAll(PUBLIC_URL_PLACEHOLDER, escapeAttribute(config.publicUrl.replace(/\/+$/, '')));

/** A file's text, or undefined when it does not exist. */
export async function readIfExists(file: string): Promise<string | undefined> {
  try {
    return await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return undefined;
    throw error;
  }
}

// `my` (as in /my/integrations) is a route, not Burmese: the dashboard's splitLocale makes the same exception.
const LOCALE = /^\/(?!my(?:\/|$))[a-z]{2}(?:-[A-Z]{2})?(?=\/|$)/;

/**
 * Where a prerendered page for this path (decoded, as the router matched it) would be:
 * dashboard/dist/prerendered/<path>/index.html, with the language prefix and trailing slash removed. Undefined for
 * paths that could leave the folder.
 */
export function prerenderedFile(dashboardDist: string, decodedPath: string): string | undefined {
  const pathname = decodedPath.replace(LOCALE, '').replace(/\/+$/, '');
  if (pathname.includes('\0') || pathname.split('/').some((part) => part === '..' || part === '.')) return undefined;
  return path.join(dashboardDist, 'prerendered', pathname, 'index.html');
}

/** The URL of each language's catalogue chunk in the recorder's build, from Vite's manifest (none without one). */
export async function recorderLanguageChunks(recorderDist: string): Promise<Partial<Record<Locale, string>>> {
  const manifest = await readIfExists(path.join(recorderDist, '.vite', 'manifest.json'));
  if (!manifest) return {};
  const chunks: Partial<Record<Locale, string>> = {};
  for (const [source, entry] of Object.entries(JSON.parse(manifest) as Record<string, { file: string }>)) {
    const locale = /^src\/messages\/([a-zA-Z-]+)\.ts$/.exec(source)?.[1];
    if (locale) chunks[locale as Locale] = `/vite/recorder/${entry.file}`;
  }
  return chunks;
}

/** The page with a `<link rel="modulepreload">` for this module, in the form Vite writes its own (`crossorigin`). */
export const withModulePreload = (html: string, url: string): string => html.replace('</head>', `<link rel="modulepreload" crossorigin href="${escapeAttribute(url)}"></head>`);
