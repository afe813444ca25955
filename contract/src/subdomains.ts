import { Type, type Static } from 'typebox';

/**
 * Branded subdomains (docs/branded-subdomains.md): an account on a plan with `brandedSubdomain` picks a DNS label and
 * its recorder links become https://<label>.<base domain>/r/<token>. The rules below are the only copy: the API
 * refuses with their messages and the dashboard shows the same ones as the owner types.
 */
export const SUBDOMAIN_MIN_LENGTH = 3;
export const SUBDOMAIN_MAX_LENGTH = 63;

/**
 * Labels nobody may claim: the product's own hosts and names people would mistake for them or for mail, DNS and
 * TLS plumbing. The label of PUBLIC_URL's host is refused too when it lies under the base domain.
 */
export const RESERVED_SUBDOMAINS: readonly string[] = [
  'www', 'api', 'admin', 'app', 'mail', 'smtp', 'imap', 'pop', 'pop3', 'mx', 'ns', 'ns1', 'ns2', 'dns', 'ftp', 'sftp',
  'ssh', 'vpn', 'cdn', 'static', 'assets', 'media', 'files', 'uploads', 'img', 'dashboard', 'account', 'accounts',
  'login', 'signin', 'sign-in', 'signup', 'sign-up', 'auth', 'oauth', 'sso', 'id', 'billing', 'pay', 'payments',
  'support', 'help', 'docs', 'status', 'blog', 'news', 'dev', 'staging', 'test', 'demo', 'sandbox', 'beta',
  'internal', 'root', 'system', 'security', 'abuse', 'postmaster', 'hostmaster', 'webmaster', 'autoconfig',
  'autodiscover', 'localhost', 'showback', 'donkey', 'sdk', 'widget', 'vite', 'r',
];

/** The problems of a requested label, as sentences; empty when it may be claimed (uniqueness aside). */
export function subdomainNameProblems(name: string): string[] {
  if (name.length < SUBDOMAIN_MIN_LENGTH) return [`must be at least ${SUBDOMAIN_MIN_LENGTH} characters`];
  if (name.length > SUBDOMAIN_MAX_LENGTH) return [`must be at most ${SUBDOMAIN_MAX_LENGTH} characters`];
  if (!/^[a-z0-9-]+$/.test(name)) return ['may contain only lowercase letters (a–z), digits and hyphens'];
  if (name.startsWith('-') || name.endsWith('-')) return ['must not start or end with a hyphen'];
  // Browsers read "xn--" labels as punycode; "ab--cd" is legal DNS but reserved for that encoding (RFC 5891).
  if (name.slice(2, 4) === '--') return ['must not have hyphens in its third and fourth characters'];
  if (RESERVED_SUBDOMAINS.includes(name)) return ['is reserved'];
  return [];
}

/**
 * active: links are shown on the subdomain. preview: a trial may claim and try it (the subdomain serves the account's
 * links) but links shown stay on the default host. inactive: the plan no longer includes it (downgrade); the name stays
 * the account's and keeps serving its links, links shown are on the default host.
 */
export const SUBDOMAIN_STATUSES = ['active', 'preview', 'inactive'] as const;
export type SubdomainStatus = (typeof SUBDOMAIN_STATUSES)[number];

export const AccountSubdomainSchema = Type.Object(
  {
    /** null: the operator set no BRANDED_BASE_DOMAIN, so the feature is off. */
    base_domain: Type.Union([Type.String(), Type.Null()]),
    /** The plan (or the trial, as a preview) lets this account claim a subdomain now. */
    can_claim: Type.Boolean(),
    subdomain: Type.Union([
      Type.Object(
        {
          name: Type.String(),
          status: Type.Union([Type.Literal('active'), Type.Literal('preview'), Type.Literal('inactive')]),
          /** https://<name>.<base domain>, with PUBLIC_URL's scheme and port. */
          origin: Type.String(),
          created_at: Type.String({ format: 'date-time' }),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);
export type AccountSubdomain = Static<typeof AccountSubdomainSchema>;

export const ClaimSubdomainSchema = Type.Object(
  {
    // The label rules are checked by subdomainNameProblems for one message per rule; this only bounds the input.
    name: Type.String({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type ClaimSubdomain = Static<typeof ClaimSubdomainSchema>;
