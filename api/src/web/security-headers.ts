import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';

type Directives = Record<string, string[]>;

/**
 * Content-Security-Policy for the Vite apps: scripts only from this origin; inline styles allowed because
 * prerendered React markup carries style attributes. Videos and posters may come from object storage (https).
 */
export function cspDirectives(config: Readonly<Config>): Directives {
  const connect = ["'self'"];
  if (config.analytics) connect.push(new URL(config.analytics.url).origin);
  // The Google/Slack buttons are form posts redirected to the provider, and browsers check that redirect against
  // form-action: https providers are covered by https:, a plain-http one (run locally) needs its origin.
  const formAction = ["'self'", 'https:'];
  for (const provider of [config.google, config.slack]) {
    if (provider?.issuer.startsWith('http:')) formAction.push(new URL(provider.issuer).origin);
  }
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': connect,
    'worker-src': ["'self'", 'blob:'],
    'frame-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': formAction,
    'frame-ancestors': ["'self'"],
  };
}

function helmetOptions(config: Readonly<Config>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // The widget loads /sdk/* into other sites' pages; those files override this per response.
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    // Only over https: on plain-http localhost it would make browsers refuse the next visit.
    strictTransportSecurity: config.publicUrl.startsWith('https:') ? { maxAge: 31536000, includeSubDomains: false } : false,
  };
}

/**
 * The recorder at /r/*: a link page is framed by no other site (`frame-ancestors 'self'`); a widget session's page
 * replaces that with its account's allowed origins (`recorderCsp`). No X-Frame-Options: it cannot list origins.
 */
export function recorderHelmet(config: Readonly<Config>): FastifyHelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    frameguard: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  };
}

/** The recorder's Content-Security-Policy with `frameAncestors` (allowed origins, wildcards included) added. */
export function recorderCsp(config: Readonly<Config>, frameAncestors: readonly string[]): string {
  const directives = { ...cspDirectives(config), 'frame-ancestors': ["'self'", ...frameAncestors] };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export const PERMISSIONS_POLICY_RECORDER = 'display-capture=(self), microphone=(self), camera=(), geolocation=()';
export const PERMISSIONS_POLICY_DEFAULT = 'display-capture=(), microphone=(), camera=(), geolocation=()';

/** The headers helmet sets for `options`, worked out once (the directives are constant strings). */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const response = { setHeader: (name: string, value: string) => headers.push([name, value]), removeHeader: () => {} };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every response; registered before the routes so each route gets them. @fastify/helmet builds
 * helmet's middleware anew on every request (3 % of a signed-in request's CPU in the profile), so routes without
 * options of their own get the same headers computed once, set the way helmet sets them; routes with options (the
 * recorder pages) still go through @fastify/helmet.
 */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const options = helmetOptions(app.ctx.config);
  await app.register(fastifyHelmet, { ...options, global: false });
  // @fastify/helmet declares its own copy of helmet's option types: the same shape under another name.
  const headers = helmetHeaders(options as HelmetOptions);
  app.addHook('onRequest', async (request, reply) => {
    if ((request.routeOptions.config as { helmet?: unknown }).helmet !== undefined) return;
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
  });
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('permissions-policy')) reply.header('Permissions-Policy', PERMISSIONS_POLICY_DEFAULT);
  });
});
