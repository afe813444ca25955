import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
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

export function helmetOptions(config: Readonly<Config>): FastifyHelmetOptions {
  return {
    global: true,
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

/** Security headers on every response; registered before the routes so each route gets them. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  await app.register(helmet, helmetOptions(app.ctx.config));
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('permissions-policy')) reply.header('Permissions-Policy', PERMISSIONS_POLICY_DEFAULT);
  });
});
