import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { customerTexts, pageLocale, type CustomerTexts } from '../../customer-language/customer-language.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml, messagePage } from '../../web/message-page.ts';
import { LOGO_PATH } from '../branding/branding.service.ts';
import { UPLOAD_PATH } from '../requests/requests.service.ts';
import { isWidgetToken } from '../widget/widget.service.ts';
import * as repo from './subdomains.repository.ts';
import { subdomainStatus } from './subdomain-status.ts';
import { isReservedName } from './subdomains.service.ts';

/**
 * Requests are routed by their Host header. The product's own host (and anything outside BRANDED_BASE_DOMAIN) is
 * served as before, with no database read. On <name>.<base domain> only the recorder is served, and only for links of
 * the account holding the name: its page, its assets, and the recipient API and upload routes it calls. Nothing there
 * reads or sets cookies, so a customer's subdomain never holds a dashboard session or CSRF cookie.
 *
 * Routes are matched by the pattern the router chose (not the raw URL, which `/%61pi/…` would disguise). Registered
 * after @fastify/cookie: its hooks run first, so this one empties the parsed cookies and removes what it would set.
 */
type TokenOf = (request: FastifyRequest) => string | undefined;

/** Route pattern → the link token it serves (checked against the account), or undefined when it has none. */
const RECORDER_ROUTES: ReadonlyMap<string, TokenOf> = new Map<string, TokenOf>([
  ['/r/*', (request) => (request.params as { '*'?: string })['*']?.split('/')[0] ?? ''],
  ['/vite/recorder/*', () => undefined],
  ['/api/v1/public/requests/:token', (request) => (request.params as { token: string }).token],
  ['/api/v1/public/requests/:token/submissions', (request) => (request.params as { token: string }).token],
  [UPLOAD_PATH, (request) => uploadToken(request)],
  // An existing upload is addressed by its unguessable id; tus checks it against the request it was created for.
  [`${UPLOAD_PATH}/*`, () => undefined],
  // The account's logo on the recorder's pages (modules/branding); logos are public files.
  [`${LOGO_PATH}/:file`, () => undefined],
]);

/** The link token in a tus creation's Upload-Metadata (`key base64,key base64`), '' when there is none. */
function uploadToken(request: FastifyRequest): string {
  const header = request.headers['upload-metadata'];
  const pair = typeof header === 'string' ? header.split(',').find((p) => p.trim().split(' ')[0] === 'token') : undefined;
  const value = pair?.trim().split(' ')[1];
  return value ? Buffer.from(value, 'base64').toString() : '';
}

/** The customer label of a host under the base domain, or undefined for the product's own hosts. */
function customerLabel(hostname: string, baseDomain: string, isOwnName: (label: string) => boolean): string | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (!host.endsWith(`.${baseDomain}`)) return undefined;
  const label = host.slice(0, -baseDomain.length - 1);
  return isOwnName(label) ? undefined : label;
}

const onSubdomain = new WeakSet<FastifyRequest>();

export const hostRoutingPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app.ctx;
  const baseDomain = config.brandedBaseDomain;
  if (!baseDomain) return;
  const ownName = (label: string): boolean => isReservedName(config, label);

  /**
   * Not served here: the API's error, or for a customer's browser a page in their language (the address's prefix,
   * else Accept-Language). `say` picks the page's words; the API error keeps English ones.
   */
  const notHere = (request: FastifyRequest, reply: FastifyReply, say: (texts: CustomerTexts['pages']) => { title: string; body: string }): FastifyReply => {
    if (request.routeOptions.url?.startsWith('/api/') || !['GET', 'HEAD'].includes(request.method)) {
      const { title, body } = say(customerTexts('en').pages);
      throw new AppError('NOT_FOUND', `${title}. ${body}`);
    }
    const locale = pageLocale(request);
    const { title, body } = say(customerTexts(locale).pages);
    return reply
      .status(404)
      .header('Content-Type', 'text/html; charset=utf-8')
      .header('Content-Language', locale)
      .header('Vary', 'Accept-Language')
      .header('Cache-Control', 'no-store')
      .send(messagePage(title, `<p>${escapeHtml(body)}</p>`, locale));
  };

  app.addHook('onRequest', async (request, reply) => {
    const label = customerLabel(request.hostname, baseDomain, ownName);
    if (label === undefined) return;
    onSubdomain.add(request);
    // The dashboard's cookies are host-only and never come here; anything else calling itself one is not read.
    request.cookies = {};
    const holder = label.includes('.') ? undefined : await repo.findByName(app.ctx.db, label);
    if (!holder || subdomainStatus(holder, holder.activated_at, new Date()) === 'lapsed') {
      return notHere(request, reply, (pages) => ({ title: pages.unknownAddress.title, body: pages.unknownAddress.body(`${label}.${baseDomain}`) }));
    }
    const tokenOf = request.routeOptions.url === undefined ? undefined : RECORDER_ROUTES.get(request.routeOptions.url);
    if (!tokenOf) {
      // Sign-in, the dashboard and the site live on the product's own host.
      if (request.method === 'GET' && !request.routeOptions.url?.startsWith('/api/')) return reply.redirect(`${config.publicUrl}${request.url}`, 302);
      throw new AppError('NOT_FOUND', `Only recording links are served on ${label}.${baseDomain}.`);
    }
    const token = tokenOf(request);
    if (token === undefined || token === '') return;
    // Widget sessions run on the product's own host; a link of another account is not found here.
    const owner = isWidgetToken(token) ? undefined : await repo.findTokenAccount(app.ctx.db, token);
    if (isWidgetToken(token) || (owner !== undefined && owner !== holder.account_id)) {
      return notHere(request, reply, (pages) => pages.unknownLink);
    }
  });

  app.addHook('onSend', async (request, reply) => {
    if (onSubdomain.has(request)) reply.removeHeader('set-cookie');
  });
});
