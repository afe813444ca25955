// Build step after `vite build` and the SSR build of src/features/marketing/prerender/renderPage.tsx: renders every
// public page to dist/prerendered/<path>/index.html with its own head tags and the CSS/JS of its route chunk, and
// writes dist/sitemap.xml and dist/robots.txt. The server serves these files for those paths and the app hydrates.
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Poster } from './posterPlugin.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
// Overridable so a trial build can go to another folder without touching the served dist.
const DIST = path.resolve(process.env.DASHBOARD_DIST || path.join(ROOT, 'dist'));
const SSR_DIST = path.resolve(process.env.DASHBOARD_SSR_DIST || path.join(ROOT, 'dist-ssr'));
const SSR_ENTRY = path.join(SSR_DIST, 'renderPage.js');
/**
 * Absolute URLs (canonical, Open Graph, sitemap, robots) start with this placeholder; the server puts its PUBLIC_URL
 * in its place when it sends the file (api/src/web/html-page.ts), so a build made once serves any deployment.
 */
const SITE_URL = '{{PUBLIC_URL}}';

interface PageMeta { path: string; title: string; description: string; type: 'website' | 'article' }
interface ManifestChunk { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>;

/** jotai's storage atoms read localStorage while rendering; on the server a visitor has nothing stored. */
function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() { return data.size; },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

const MARKETING = 'src/features/marketing';
const PAGE_MODULES: Record<string, string> = {
  '/': 'HomePage', '/features': 'FeaturesPage', '/integrations': 'IntegrationsPage', '/pricing': 'PricingPage', '/faq': 'FaqPage',
  '/contact': 'ContactPage', '/privacy': 'PrivacyPage', '/terms': 'TermsPage', '/proof': 'ProofPage', '/sample': 'SamplePage',
  '/usage-dashboard': 'UsageDashboardPage', '/docs/zapier': 'ZapierDocsPage', '/docs/widget-api': 'WidgetApiDocsPage', '/blog': 'BlogListPage',
};
const AUTH_MODULES: Record<string, string> = { '/sign-in': 'src/features/auth/SignInPage.tsx', '/sign-up': 'src/features/auth/SignUpPage.tsx' };
const moduleFor = (pagePath: string): string =>
  AUTH_MODULES[pagePath] ?? `${MARKETING}/${PAGE_MODULES[pagePath] ?? (pagePath.startsWith('/blog/') ? 'BlogPostPage' : 'HomePage')}.tsx`;

const escapeHtml = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The route chunk's own files and those of the chunks it imports statically (the entry's are in the template). */
function chunkFiles(manifest: Manifest, key: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (k: string): void => {
    const chunk = manifest[k];
    if (!chunk || chunk.isEntry || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  visit(key);
  if (!manifest[key]) throw new Error(`${key} is not in the Vite manifest: is it still a lazy route chunk?`);
  return { js: [...js], css: [...css] };
}

/** The hero poster in the first format of the <picture> a browser takes: one that cannot skips the hint. */
function heroPreload(poster: Poster): string {
  const [href, type] = poster.avif ? [poster.avif, 'image/avif'] : poster.webp ? [poster.webp, 'image/webp'] : [poster.jpeg, 'image/jpeg'];
  return `<link rel="preload" as="image" href="${href}" type="${type}" fetchpriority="high">`;
}

function headTags(page: PageMeta, hero: Poster): string {
  const url = `${SITE_URL}${page.path === '/' ? '/' : page.path}`;
  const image = `${SITE_URL}${hero.jpeg}`;
  return [
    `<title>${escapeHtml(page.title)}</title>`,
    `<meta name="description" content="${escapeHtml(page.description)}">`,
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:site_name" content="Showback">`,
    `<meta property="og:type" content="${page.type}">`,
    `<meta property="og:title" content="${escapeHtml(page.title)}">`,
    `<meta property="og:description" content="${escapeHtml(page.description)}">`,
    `<meta property="og:url" content="${escapeHtml(url)}">`,
    `<meta property="og:image" content="${escapeHtml(image)}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    // The first frame is the whole page: Chromium would otherwise paint after the first chunk it parsed, then lay the
    // page out again with the rest. #overlay is the body's last element (index.html); other browsers ignore the hint.
    `<link rel="expect" href="#overlay" blocking="render">`,
    // The landing page's largest paint is the hero video's poster: fetched at once, ahead of the scripts.
    ...(page.path === '/' ? [heroPreload(hero)] : []),
  ].join('\n    ');
}

/** After the template's own tags, so the route's CSS comes later in the cascade, as when Vite loads it lazily. */
function chunkTags(files: { js: string[]; css: string[] }, base: string, template: string): string {
  const fresh = (file: string): boolean => !template.includes(`${base}${file}"`);
  return [
    ...files.css.filter(fresh).map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`),
    ...files.js.filter(fresh).map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`),
  ].join('\n    ');
}

/**
 * Each stylesheet link becomes the stylesheet itself, so the page paints from its HTML alone: on a phone each
 * render-blocking stylesheet cost a round trip before the first paint. A `disabled` link with the same href stays
 * behind because Vite's chunk loader looks for `link[rel=stylesheet]` with that href before it fetches a lazy
 * route's CSS; browsers do not fetch a disabled stylesheet (Chromium, Firefox and WebKit checked).
 */
async function inlineStylesheets(html: string, base: string): Promise<string> {
  const links = [...html.matchAll(/<link rel="stylesheet" crossorigin href="([^"]+\.css)">/g)];
  let inlined = html;
  for (const [tag, href] of links) {
    const css = await fs.readFile(path.join(DIST, href!.slice(base.length)), 'utf8');
    if (/<\/style/i.test(css)) throw new Error(`${href} contains </style and cannot be inlined`);
    // A function, so that a `$&` or `$'` in the CSS is not read as a replacement pattern.
    inlined = inlined.replace(tag, () => `<style>${css.trim()}</style><link rel="stylesheet" crossorigin href="${href}" disabled>`);
  }
  return inlined;
}

/**
 * A prerendered page paints from its HTML and inline styles: its scripts only make it interactive. Fetched at low
 * priority, they leave the connection to the page's own images first (the hero on `/`), and Lighthouse's model no
 * longer counts them as blocking the first paint (it treats every high-priority script so).
 */
const lowPriorityScripts = (html: string): string =>
  html.replace(/<script type="module" crossorigin /g, '<script type="module" crossorigin fetchpriority="low" ')
    .replace(/<link rel="modulepreload" crossorigin /g, '<link rel="modulepreload" crossorigin fetchpriority="low" ');

async function main(): Promise<void> {
  const started = performance.now();
  Object.assign(globalThis, { localStorage: memoryStorage(), sessionStorage: memoryStorage() });
  const { renderPage, publicPages, heroPoster } = (await import(pathToFileURL(SSR_ENTRY).href)) as {
    renderPage: (p: string) => Promise<string>;
    publicPages: () => PageMeta[];
    heroPoster: Poster;
  };
  const template = await fs.readFile(path.join(DIST, 'index.html'), 'utf8');
  const manifest = JSON.parse(await fs.readFile(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const base = /src="(\/[^"]*?)assets\//.exec(template)?.[1] ?? '/vite/';
  if (!template.includes('<!--app-meta-->') || !template.includes('<div id="root"></div>')) {
    throw new Error('dist/index.html lacks <!--app-meta--> or an empty <div id="root"></div>');
  }

  const pages = publicPages();
  await fs.rm(path.join(DIST, 'prerendered'), { recursive: true, force: true });
  for (const page of pages) {
    const body = await renderPage(page.path);
    if (!body.includes('<main')) throw new Error(`${page.path} rendered without its layout:\n${body.slice(0, 500)}`);
    const html = lowPriorityScripts(await inlineStylesheets(template
      .replace(/<title>[^<]*<\/title>/, headTags(page, heroPoster))
      .replace('</head>', `  ${chunkTags(chunkFiles(manifest, moduleFor(page.path)), base, template)}\n  </head>`)
      .replace('<div id="root"></div>', `<div id="root">${body}</div>`), base));
    const file = path.join(DIST, 'prerendered', page.path, 'index.html');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, html);
  }

  const urls = pages.map((page) => `  <url><loc>${escapeHtml(`${SITE_URL}${page.path}`)}</loc></url>`).join('\n');
  await fs.writeFile(path.join(DIST, 'sitemap.xml'), `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  const privateAreas = ['/dashboard', '/my/', '/donkey', '/onboarding/', '/checkout/', '/upgrade', '/support', '/chat', '/r/', '/api/'];
  await fs.writeFile(path.join(DIST, 'robots.txt'), `User-agent: *\n${privateAreas.map((p) => `Disallow: ${p}`).join('\n')}\n\nSitemap: ${SITE_URL}/sitemap.xml\n`);
  await fs.rm(SSR_DIST, { recursive: true, force: true });
  console.log(`prerendered ${pages.length} pages in ${Math.round(performance.now() - started)} ms`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
