import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { issueCsrfToken } from '../plugins/csrf.ts';
import { pageLocale } from '../customer-language/customer-language.ts';
import { appMeta, injectMeta, markInvitation, NOINDEX_META, prerenderedFile, readIfExists, recorderLanguageChunks, withModulePreload, withPublicUrl } from './html-page.ts';
import { isWidgetToken, recorderFrameAncestors } from '../modules/widget/widget.service.ts';
import { PERMISSIONS_POLICY_RECORDER, recorderCsp, recorderHelmet } from './security-headers.ts';

/** Paths the HTML fallback never answers: they belong to the API, assets, uploads, OAuth and dev tools. */
// The sign-up page, with or without a language prefix.
const SIGN_UP = /^(?:\/[a-z]{2}(?:-[A-Z]{2})?)?\/sign-up\/?$/;
// A shared recording (modules/share-links), with or without a language prefix.
const SHARED = /^(?:\/[a-z]{2}(?:-[A-Z]{2})?)?\/s\/[^/]+\/?$/;
const NOT_HTML = /^\/(?:[a-z]{2}(?:-[A-Z]{2})?\/)?(?:api|vite|sdk|uploads|users\/auth|dev)(?:\/|$)/;
// Vite and rollup name built chunks name-<hash>.ext (8 characters; the poster plugin's are 10); those never change and
// may be cached forever. A hash has a digit or a capital, so a plain name such as demo-recording.mp4 is not mistaken
// for one and frozen in caches.
const HASH_SUFFIX = /[.-]([A-Za-z0-9_-]{8,10})\.(?:js|mjs|css|woff2?|png|jpe?g|svg|webp|avif|mp4|webm|wasm|map)$/;
const isHashed = (name: string): boolean => /[A-Z0-9]/.test(HASH_SUFFIX.exec(name)?.[1] ?? '');
const IMMUTABLE = 'public, max-age=31536000, immutable';

function staticHeaders(shortCache: string, extra: Record<string, string> = {}) {
  return (reply: FastifyReply, filePath: string): void => {
    // filePath is the file sent: name.js.br when the build's brotli copy answers for name.js.
    const name = path.basename(filePath).replace(/\.(?:br|gz)$/, '');
    reply.header('Cache-Control', isHashed(name) ? IMMUTABLE : shortCache);
    for (const [name, value] of Object.entries(extra)) reply.header(name, value);
  };
}

/** HTML and the built front ends from one process (dashboard, recorder, widget), with security headers. */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  const root = config.staticRoot;
  const dist = (name: string): string | undefined => {
    if (!root) return undefined;
    const dir = path.join(root, name, 'dist');
    return fs.existsSync(dir) ? dir : undefined;
  };
  const dashboardDist = dist('dashboard');
  const recorderDist = dist('recorder');
  const sdkDist = dist('sdk');
  const languageChunks = recorderDist ? await recorderLanguageChunks(recorderDist) : {};
  // HTML is only ever sent through sendHtml below, with the meta tags filled in.
  const notHtml = (pathName: string): boolean => !pathName.endsWith('.html') && !pathName.startsWith('/prerendered/');

  let decorated = false;
  const serve = async (prefix: string, rootDir: string, setHeaders: ReturnType<typeof staticHeaders>): Promise<void> => {
    await app.register(fastifyStatic, {
      root: rootDir,
      prefix,
      decorateReply: !decorated,
      index: false,
      wildcard: true,
      allowedPath: notHtml,
      // The build writes name.br and name.gz beside each text asset (scripts/precompress.ts); the one the request
      // accepts is sent, with Vary: Accept-Encoding on every answer.
      preCompressed: true,
      setHeaders,
    });
    decorated = true;
  };
  // Registered before /vite/ so /vite/recorder/* never falls through to the dashboard's folder.
  if (recorderDist) await serve('/vite/recorder/', recorderDist, staticHeaders('public, max-age=3600'));
  if (dashboardDist) await serve('/vite/', dashboardDist, staticHeaders('public, max-age=3600'));
  if (sdkDist) {
    await serve('/sdk/', sdkDist, staticHeaders('public, max-age=300', { 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' }));
  }

  const sendHtml = (request: FastifyRequest, reply: FastifyReply, html: string, extraMeta = ''): FastifyReply =>
    reply
      .status(200)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(injectMeta(withPublicUrl(html, config), appMeta(config, issueCsrfToken(request, reply)) + extraMeta));

  app.get(
    '/r/*',
    {
      helmet: recorderHelmet(config),
      onSend: async (_request, reply) => {
        reply.header('Permissions-Policy', PERMISSIONS_POLICY_RECORDER);
      },
    },
    async (request, reply) => {
      const html = recorderDist && (await readIfExists(path.join(recorderDist, 'index.html')));
      if (!html) return reply.callNotFound();
      const token = (request.params as { '*'?: string })['*']?.split('/')[0] ?? '';
      const frameAncestors = await recorderFrameAncestors(app.ctx, token);
      if (frameAncestors.length) reply.header('Content-Security-Policy', recorderCsp(config, frameAncestors));
      // "Record in a new tab": the widget's frame opens this page and relays to the host page through window.opener,
      // which Cross-Origin-Opener-Policy: same-origin would cut (the opener's top-level page is the customer's site).
      if (isWidgetToken(token)) reply.header('Cross-Origin-Opener-Policy', 'unsafe-none');
      // The recorder's first language (the link's prefix, else the browser's) is fetched beside its script rather
      // than after it has run: the first step does not wait for a second round trip. English is in the script.
      const chunk = languageChunks[pageLocale(request)];
      reply.header('Vary', 'Accept-Language');
      return sendHtml(request, reply, chunk ? withModulePreload(html, chunk) : html);
    },
  );

  // Crawlers look for these at the site root; the dashboard build writes them beside its index.html.
  for (const [file, type] of [['sitemap.xml', 'application/xml'], ['robots.txt', 'text/plain; charset=utf-8']] as const) {
    app.get(`/${file}`, async (_request, reply) => {
      const text = dashboardDist && (await readIfExists(path.join(dashboardDist, file)));
      if (!text) return reply.callNotFound();
      return reply.header('Content-Type', type).header('Cache-Control', 'public, max-age=3600').send(withPublicUrl(text, config));
    });
  }

  app.get('/*', async (request, reply) => {
    // The path as the router decoded it: /%61pi/v1/… is an API path, kept out of the HTML like /api/v1/….
    const urlPath = `/${(request.params as { '*': string })['*']}`;
    if (NOT_HTML.test(urlPath) || !dashboardDist) return reply.callNotFound();
    const prerendered = prerenderedFile(dashboardDist, urlPath);
    const html = (prerendered && (await readIfExists(prerendered))) ?? (await readIfExists(path.join(dashboardDist, 'index.html')));
    if (!html) return reply.callNotFound();
    const invited = SIGN_UP.test(urlPath) && typeof (request.query as Record<string, unknown>).invitation_token === 'string';
    if (SHARED.test(urlPath)) {
      reply.header('X-Robots-Tag', 'noindex, nofollow');
      return sendHtml(request, reply, html, NOINDEX_META);
    }
    return sendHtml(request, reply, invited ? markInvitation(html) : html);
  });
});
