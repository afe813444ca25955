import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The only reader of process.env. Every core variable is described here, every integration's in its ConfigSection
 * (integrations/<id>/<id>.settings.ts); docs/configuration.md lists them all. Invalid values stop start-up with a message naming the variable.
 */
export interface VarSpec {
  description: string;
  default?: string;
}

/**
 * Settings config.ts does not know: an integration's variables and how they are read. Core owns the shape and the
 * composition root passes the sections in (wiring.ts's loadAppConfig), so config.ts imports no integration.
 */
export interface ConfigSection<S = unknown, V extends string = string> {
  /** Where the values go: `config.integrations[key]`. */
  key: string;
  vars: Readonly<Record<V, VarSpec>>;
  /** `get` answers the variable's trimmed value, else its default; throw a ConfigError for an invalid one. */
  read(get: (name: V) => string): S;
}

export const CONFIG_VARS = {
  PORT: { description: 'HTTP port of the API process.', default: '3000' },
  HOST: { description: 'Interface to listen on.', default: '0.0.0.0' },
  PUBLIC_URL: { description: 'Origin people reach the product at (links in emails, OAuth callbacks, widget iframe).', default: '' },
  DATA_DIR: { description: 'Folder for the embedded database, local video storage and the local mailbox.', default: '.data' },
  DATABASE_URL: { description: 'Postgres connection string. Unset: embedded PGlite in DATA_DIR/db.', default: '' },
  SESSION_SECRET: { description: 'Secret for signing cookies and CSRF tokens (32+ chars). Unset: generated once and kept in DATA_DIR.', default: '' },
  LOG_LEVEL: { description: 'pino log level.', default: 'info' },
  SMTP_URL: { description: 'SMTP connection URL (smtp://user:pass@host:port). Unset: mail goes to the local mailbox in DATA_DIR/mail.', default: '' },
  MAIL_FROM: { description: 'Sender address of outgoing email.', default: 'Showback <no-reply@showback.local>' },
  S3_BUCKET: { description: 'S3-compatible bucket for videos. Unset: local disk in DATA_DIR/files.', default: '' },
  S3_REGION: { description: 'S3 region.', default: 'us-east-1' },
  S3_ENDPOINT: { description: 'S3-compatible endpoint URL (MinIO, R2, …).', default: '' },
  S3_ACCESS_KEY_ID: { description: 'S3 access key.', default: '' },
  S3_SECRET_ACCESS_KEY: { description: 'S3 secret key.', default: '' },
  S3_FORCE_PATH_STYLE: { description: 'Use path-style S3 URLs (MinIO).', default: 'false' },
  STRIPE_SECRET_KEY: { description: 'Stripe secret key. Unset: billing calls answer that billing is not configured.', default: '' },
  STRIPE_WEBHOOK_SECRET: { description: 'Signing secret of the Stripe webhook endpoint.', default: '' },
  STRIPE_API_URL: { description: 'Override of the Stripe API origin (tests point it at a local server).', default: '' },
  STRIPE_PRICES: { description: 'JSON map "plan:interval" → Stripe price id. Unset: prices are looked up by lookup_key.', default: '' },
  GOOGLE_ISSUER: { description: 'OpenID issuer URL for Google sign-in.', default: 'https://accounts.google.com' },
  GOOGLE_CLIENT_ID: { description: 'OAuth client id for Google sign-in. Unset: the button explains it is not configured.', default: '' },
  GOOGLE_CLIENT_SECRET: { description: 'OAuth client secret for Google sign-in.', default: '' },
  SLACK_ISSUER: { description: 'OpenID issuer URL for Slack sign-in.', default: 'https://slack.com' },
  SLACK_CLIENT_ID: { description: 'OAuth client id for Slack sign-in and the Slack integration.', default: '' },
  SLACK_CLIENT_SECRET: { description: 'OAuth client secret for Slack.', default: '' },
  INTEGRATIONS_SECRET_KEY: { description: 'Key (32+ chars) that encrypts integration secrets at rest (Slack bot tokens, Teams webhook URLs). Unset: derived from SESSION_SECRET or DATA_DIR/secret.', default: '' },
  ANALYTICS_WRITE_KEY: { description: 'Write key of a Segment-compatible analytics service. Unset: no analytics.', default: '' },
  ANALYTICS_URL: { description: 'Base URL of the Segment-compatible analytics API.', default: '' },
  FFMPEG_PATH: { description: 'ffmpeg binary used by processing jobs.', default: 'ffmpeg' },
  FFPROBE_PATH: { description: 'ffprobe binary used by processing jobs.', default: 'ffprobe' },
  POCKETSPHINX_PATH: { description: 'pocketsphinx_batch binary of the embedded transcription engine (Debian package pocketsphinx).', default: 'pocketsphinx_batch' },
  POCKETSPHINX_MODEL_DIR: { description: 'Folder of the pocketsphinx US English model (Debian package pocketsphinx-en-us).', default: '/usr/share/pocketsphinx/model/en-us' },
  TRANSCRIPTION_API_URL: { description: 'Base URL (with /v1) of an OpenAI-compatible /audio/transcriptions endpoint. Unset: the embedded pocketsphinx engine transcribes.', default: '' },
  TRANSCRIPTION_API_KEY: { description: 'API key sent to TRANSCRIPTION_API_URL.', default: '' },
  TRANSCRIPTION_MODEL: { description: 'Model name sent to TRANSCRIPTION_API_URL.', default: 'whisper-1' },
  TRANSCRIPTION_TIMEOUT_SECONDS: { description: 'Longest wait for one 5-minute audio chunk at TRANSCRIPTION_API_URL before the attempt fails and is retried.', default: '300' },
  SUMMARY_API_URL: { description: 'Base URL (with /v1) of an OpenAI-compatible /chat/completions endpoint that writes recording summaries. Unset: an automatic digest without a model.', default: '' },
  SUMMARY_API_KEY: { description: 'API key sent to SUMMARY_API_URL.', default: '' },
  SUMMARY_MODEL: { description: 'Model name sent to SUMMARY_API_URL.', default: 'gpt-4o-mini' },
  SUMMARY_TIMEOUT_SECONDS: { description: 'Longest wait for the summary model before the attempt fails and is retried.', default: '60' },
  SUMMARY_REBUILD_DELAY_SECONDS: { description: 'After an owner corrects a transcript, the summary is rebuilt once no correction came for this long (a burst of corrections rebuilds it once).', default: '15' },
  WORKERS: { description: 'Run job workers in this process (true) or only serve HTTP (false).', default: 'true' },
  JOB_LIVENESS_SECONDS: { description: 'A running job whose worker has not reported for this long (the worker was killed or its machine lost) goes back to the queue for another worker; workers report every quarter of it.', default: '60' },
  SHUTDOWN_GRACE_SECONDS: { description: 'On SIGTERM a worker takes no new jobs and gives running ones this long to finish; the rest go back to the queue at once for another worker (a second SIGTERM ends the wait). Give the service manager a stop timeout a minute longer.', default: '300' },
  JOB_CONCURRENCY: { description: 'Runs at once per job in each worker process, as name=count pairs (process-submission=2,transcribe-submission=1). Unset jobs are sized from the cores and memory: transcodes one per two cores, quick finishes and summaries 2, the rest 1.', default: '' },
  METRICS_PORT: { description: 'Port serving Prometheus metrics at /metrics (on HOST), apart from the public port. Unset: no metrics endpoint.', default: '' },
  LIST_CACHE_MB: { description: 'Memory each API process may use to keep the pages of the recordings list it served, each served again only while the database says the account\'s recordings are unchanged (0: read every page anew).', default: '32' },
  EARLY_PROCESSING: { description: 'Remux a recording into its MP4 and take its poster while it is still uploading, so Stop leaves only the tail to process (false: the whole file after the upload).', default: 'true' },
  MAX_UPLOAD_BYTES: { description: 'Largest recording a recipient may upload, in bytes.', default: String(2 * 1024 * 1024 * 1024) },
  UPLOAD_EXPIRY_DAYS: { description: 'Uploads never submitted (finished or not) are deleted this many days after they started.', default: '7' },
  ADMIN_EMAIL: { description: 'Email of the system admin created on first start.', default: 'admin@showback.local' },
  TRUST_PROXY: { description: 'Trust X-Forwarded-* headers (behind a TLS-terminating proxy).', default: 'false' },
  RATE_LIMIT_PER_IP: { description: 'Sign-in, sign-up and password-reset attempts allowed per client IP and endpoint in 10 minutes.', default: '100' },
  RATE_LIMIT_PER_EMAIL: { description: 'Sign-in, sign-up and password-reset attempts allowed per email address and endpoint in 10 minutes.', default: '10' },
  ACCESS_TOKEN_REQUESTS_PER_MINUTE: { description: 'Calls one personal access token may make per minute (the public API and /mcp together), counted in the database.', default: '300' },
  WIDGET_SESSIONS_PER_IP: { description: 'Widget recording sessions (POST /api/v1/widget/sessions) allowed per client IP in 10 minutes.', default: '30' },
  WIDGET_SESSIONS_PER_KEY: { description: 'Widget recording sessions allowed per widget key (all of its visitors together) in 10 minutes.', default: '600' },
  CHAT_AWAY_EMAIL_SECONDS: { description: 'Seconds a staff chat reply may stay unread before the customer is emailed about it.', default: '120' },
  OUTBOUND_ALLOW_LOCAL: { description: 'Development and tests only: webhooks and other outbound calls to URLs accounts give may use http:// and reach loopback and private addresses. Never set where accounts are untrusted.', default: 'false' },
  BRANDED_BASE_DOMAIN: { description: 'Domain under which accounts on Scale and Enterprise get <name>.<domain> recorder links (needs a wildcard DNS record and certificate, docs/branded-subdomains.md). Unset: no branded subdomains.', default: '' },
  STATIC_ROOT: { description: 'Folder holding the built front ends (dashboard/dist, recorder/dist, sdk/dist). Unset: the repository root.', default: '' },
} satisfies Record<string, VarSpec>;

export type ConfigVar = keyof typeof CONFIG_VARS;

/** A service speaking OpenAI's REST API (OpenAI itself, Groq, a self-hosted server). */
export interface OpenAiEndpoint {
  /** Including /v1. */
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string | undefined;
  logLevel: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  s3: { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean } | undefined;
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined; prices: Record<string, string> } | undefined;
  google: { issuer: string; clientId: string; clientSecret: string } | undefined;
  slack: { issuer: string; clientId: string; clientSecret: string } | undefined;
  /** Each integration's own settings, by its id: read by its ConfigSection, got through the kit's settingsOf. */
  integrations: Readonly<Record<string, unknown>>;
  /** Encrypts integration secrets at rest; unset, a key is derived from the session secret (integrations/kit/secret-box.ts). */
  integrationsSecretKey: string | undefined;
  analytics: { writeKey: string; url: string } | undefined;
  ffmpegPath: string;
  ffprobePath: string;
  /** Embedded pocketsphinx, or an OpenAI-compatible endpoint when `api` is set (transcription/). */
  transcription: {
    pocketsphinxPath: string;
    modelDir: string;
    /**
     * Audio is recognised in pieces this long: pocketsphinx's memory grows with one utterance (~12 MB per audio
     * minute), and 5 minutes as 16 kHz WAV (9.6 MB) stays under the 25 MB upload limit of transcription APIs.
     */
    chunkSeconds: number;
    api: OpenAiEndpoint | undefined;
  };
  /** A model behind an OpenAI-compatible chat endpoint writes summaries when `api` is set; else the digest (summary/). */
  summary: {
    api: OpenAiEndpoint | undefined;
    /** SUMMARY_REBUILD_DELAY_SECONDS: the quiet time after a transcript correction before the summary is rebuilt. */
    rebuildDelaySeconds: number;
  };
  workers: boolean;
  /** JOB_LIVENESS_SECONDS and SHUTDOWN_GRACE_SECONDS (jobs/job-queue.ts). */
  jobLivenessSeconds: number;
  shutdownGraceSeconds: number;
  /** JOB_CONCURRENCY: job name → runs at once per worker process (jobs/job-queue.ts). */
  jobConcurrency: Record<string, number>;
  /** METRICS_PORT: Prometheus metrics (metrics/metrics.ts); undefined: not served. */
  metricsPort: number | undefined;
  /** LIST_CACHE_MB: the recordings list's page cache per process (modules/submissions/list-page-cache.ts). */
  listCacheMb: number;
  earlyProcessing: boolean;
  maxUploadBytes: number;
  uploadExpiryDays: number;
  adminEmail: string;
  trustProxy: boolean;
  /** Attempts per IP and per email on sign-in, sign-up and password reset, counted in the database. */
  authRateLimit: { perIp: number; perEmail: number; windowMs: number };
  /** Calls per personal access token, counted in the database so every API process counts together. */
  accessTokenRateLimit: { perToken: number; windowMs: number };
  /** Widget sessions per client IP and per widget key (the key is public, so anyone may try it), in the database. */
  widgetRateLimit: { perIp: number; perKey: number; windowMs: number };
  /** A staff chat reply unread this long is emailed to the customer (modules/chat). */
  chatAwayEmailSeconds: number;
  /** Where the built front ends live; tests may serve none. */
  staticRoot: string | undefined;
  /** Branded subdomains live under this domain (lowercase, no dot at either end); undefined: the feature is off (modules/subdomains). */
  brandedBaseDomain: string | undefined;
  /** Outbound calls (webhooks) may use http and reach loopback/private addresses: development and tests only. */
  outboundAllowLocal: boolean;
}

export class ConfigError extends Error {}

// Two levels up from this module both as source (api/src/config.ts) and bundled (api/dist/server.js).
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function bool(name: string, value: string): boolean {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0' || value === '') return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function port(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new ConfigError(`${name} must be a port number, got "${value}"`);
  return n;
}

function positiveInt(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n <= 0) throw new ConfigError(`${name} must be a positive whole number, got "${value}"`);
  return n;
}

function wholeNumber(name: string, value: string): number {
  const n = Number(value);
  if (!Number.isSafeInteger(n) || n < 0) throw new ConfigError(`${name} must be 0 or a positive whole number, got "${value}"`);
  return n;
}

function concurrencyPairs(name: string, value: string): Record<string, number> {
  const pairs: Record<string, number> = {};
  for (const pair of value.split(',').map((p) => p.trim()).filter(Boolean)) {
    const [job, count] = pair.split('=').map((p) => p.trim());
    if (!job || count === undefined) throw new ConfigError(`${name} must be name=count pairs separated by commas, got "${value}"`);
    pairs[job] = positiveInt(`${name} (${job})`, count);
  }
  return pairs;
}

function domainName(name: string, value: string): string {
  const domain = value.toLowerCase();
  if (!/^(?=.{1,200}$)[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/.test(domain)) {
    throw new ConfigError(`${name} must be a domain name such as showback.example, got "${value}"`);
  }
  return domain;
}

export function url(name: string, value: string): string {
  try {
    return new URL(value).toString().replace(/\/$/, '');
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${value}"`);
  }
}

/** ZENDESK_URL, FRESHDESK_URL: a URL once the `{placeholder}` is filled in, without a trailing slash. */
export function siteUrlTemplate(name: string, value: string, placeholder: string): string {
  if (!value.includes(placeholder)) throw new ConfigError(`${name} must contain ${placeholder}, got "${value}"`);
  url(name, value.replace(placeholder, 'example.test'));
  return value.replace(/\/$/, '');
}

export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}, sections: readonly ConfigSection[] = []): Readonly<Config> {
  const read = (name: string, spec: VarSpec): string => {
    const raw = env[name];
    return raw === undefined || raw === '' ? (spec.default ?? '') : raw.trim();
  };
  const get = (name: ConfigVar): string => read(name, CONFIG_VARS[name]);
  const integrations: Record<string, unknown> = {};
  const declared = new Set<string>(Object.keys(CONFIG_VARS));
  for (const section of sections) {
    // A variable two places read would be described twice and could be read two ways.
    for (const name of Object.keys(section.vars)) {
      if (declared.has(name)) throw new ConfigError(`${name} is declared twice (again by the ${section.key} settings)`);
      declared.add(name);
    }
    integrations[section.key] = section.read((name) => read(name, section.vars[name]!));
  }
  const opt = (name: ConfigVar): string | undefined => get(name) || undefined;
  /** <PREFIX>_API_URL, _API_KEY, _MODEL, _TIMEOUT_SECONDS: an OpenAI-compatible endpoint, when its URL is set. */
  const openAiEndpoint = (prefix: 'TRANSCRIPTION' | 'SUMMARY'): OpenAiEndpoint | undefined =>
    opt(`${prefix}_API_URL`)
      ? {
          baseUrl: url(`${prefix}_API_URL`, get(`${prefix}_API_URL`)),
          apiKey: get(`${prefix}_API_KEY`),
          model: get(`${prefix}_MODEL`),
          timeoutMs: positiveInt(`${prefix}_TIMEOUT_SECONDS`, get(`${prefix}_TIMEOUT_SECONDS`)) * 1000,
        }
      : undefined;
  const portNumber = port('PORT', get('PORT'));
  const publicUrl = get('PUBLIC_URL') ? url('PUBLIC_URL', get('PUBLIC_URL')) : `http://localhost:${portNumber}`;
  const stripeKey = opt('STRIPE_SECRET_KEY');
  let prices: Record<string, string> = {};
  if (get('STRIPE_PRICES')) {
    try {
      prices = JSON.parse(get('STRIPE_PRICES')) as Record<string, string>;
    } catch {
      throw new ConfigError('STRIPE_PRICES must be a JSON object');
    }
  }
  const sessionSecret = opt('SESSION_SECRET');
  if (sessionSecret && sessionSecret.length < 32) throw new ConfigError('SESSION_SECRET must be at least 32 characters');
  const integrationsKey = opt('INTEGRATIONS_SECRET_KEY');
  if (integrationsKey && integrationsKey.length < 32) throw new ConfigError('INTEGRATIONS_SECRET_KEY must be at least 32 characters');
  const config: Config = {
    port: portNumber,
    host: get('HOST'),
    publicUrl,
    dataDir: path.resolve(get('DATA_DIR')),
    databaseUrl: opt('DATABASE_URL'),
    sessionSecret,
    logLevel: get('LOG_LEVEL'),
    smtpUrl: opt('SMTP_URL'),
    mailFrom: get('MAIL_FROM'),
    s3: get('S3_BUCKET')
      ? {
          bucket: get('S3_BUCKET'),
          region: get('S3_REGION'),
          endpoint: opt('S3_ENDPOINT') && url('S3_ENDPOINT', get('S3_ENDPOINT')),
          accessKeyId: opt('S3_ACCESS_KEY_ID'),
          secretAccessKey: opt('S3_SECRET_ACCESS_KEY'),
          forcePathStyle: bool('S3_FORCE_PATH_STYLE', get('S3_FORCE_PATH_STYLE')),
        }
      : undefined,
    stripe: stripeKey
      ? { secretKey: stripeKey, webhookSecret: get('STRIPE_WEBHOOK_SECRET'), apiUrl: opt('STRIPE_API_URL') && url('STRIPE_API_URL', get('STRIPE_API_URL')), prices }
      : undefined,
    google: opt('GOOGLE_CLIENT_ID') ? { issuer: url('GOOGLE_ISSUER', get('GOOGLE_ISSUER')), clientId: get('GOOGLE_CLIENT_ID'), clientSecret: get('GOOGLE_CLIENT_SECRET') } : undefined,
    slack: opt('SLACK_CLIENT_ID') ? { issuer: url('SLACK_ISSUER', get('SLACK_ISSUER')), clientId: get('SLACK_CLIENT_ID'), clientSecret: get('SLACK_CLIENT_SECRET') } : undefined,
    integrations,
    integrationsSecretKey: opt('INTEGRATIONS_SECRET_KEY'),
    analytics: opt('ANALYTICS_WRITE_KEY') && opt('ANALYTICS_URL') ? { writeKey: get('ANALYTICS_WRITE_KEY'), url: url('ANALYTICS_URL', get('ANALYTICS_URL')) } : undefined,
    ffmpegPath: get('FFMPEG_PATH'),
    ffprobePath: get('FFPROBE_PATH'),
    transcription: {
      pocketsphinxPath: get('POCKETSPHINX_PATH'),
      modelDir: get('POCKETSPHINX_MODEL_DIR'),
      chunkSeconds: 300,
      api: openAiEndpoint('TRANSCRIPTION'),
    },
    summary: { api: openAiEndpoint('SUMMARY'), rebuildDelaySeconds: positiveInt('SUMMARY_REBUILD_DELAY_SECONDS', get('SUMMARY_REBUILD_DELAY_SECONDS')) },
    workers: bool('WORKERS', get('WORKERS')),
    jobLivenessSeconds: positiveInt('JOB_LIVENESS_SECONDS', get('JOB_LIVENESS_SECONDS')),
    shutdownGraceSeconds: wholeNumber('SHUTDOWN_GRACE_SECONDS', get('SHUTDOWN_GRACE_SECONDS')),
    jobConcurrency: concurrencyPairs('JOB_CONCURRENCY', get('JOB_CONCURRENCY')),
    metricsPort: get('METRICS_PORT') ? port('METRICS_PORT', get('METRICS_PORT')) : undefined,
    listCacheMb: wholeNumber('LIST_CACHE_MB', get('LIST_CACHE_MB')),
    earlyProcessing: bool('EARLY_PROCESSING', get('EARLY_PROCESSING')),
    maxUploadBytes: positiveInt('MAX_UPLOAD_BYTES', get('MAX_UPLOAD_BYTES')),
    uploadExpiryDays: positiveInt('UPLOAD_EXPIRY_DAYS', get('UPLOAD_EXPIRY_DAYS')),
    adminEmail: get('ADMIN_EMAIL'),
    trustProxy: bool('TRUST_PROXY', get('TRUST_PROXY')),
    authRateLimit: { perIp: positiveInt('RATE_LIMIT_PER_IP', get('RATE_LIMIT_PER_IP')), perEmail: positiveInt('RATE_LIMIT_PER_EMAIL', get('RATE_LIMIT_PER_EMAIL')), windowMs: 10 * 60 * 1000 },
    accessTokenRateLimit: { perToken: positiveInt('ACCESS_TOKEN_REQUESTS_PER_MINUTE', get('ACCESS_TOKEN_REQUESTS_PER_MINUTE')), windowMs: 60 * 1000 },
    widgetRateLimit: { perIp: positiveInt('WIDGET_SESSIONS_PER_IP', get('WIDGET_SESSIONS_PER_IP')), perKey: positiveInt('WIDGET_SESSIONS_PER_KEY', get('WIDGET_SESSIONS_PER_KEY')), windowMs: 10 * 60 * 1000 },
    chatAwayEmailSeconds: positiveInt('CHAT_AWAY_EMAIL_SECONDS', get('CHAT_AWAY_EMAIL_SECONDS')),
    staticRoot: get('STATIC_ROOT') ? path.resolve(get('STATIC_ROOT')) : REPO_ROOT,
    outboundAllowLocal: bool('OUTBOUND_ALLOW_LOCAL', get('OUTBOUND_ALLOW_LOCAL')),
    brandedBaseDomain: opt('BRANDED_BASE_DOMAIN') && domainName('BRANDED_BASE_DOMAIN', get('BRANDED_BASE_DOMAIN')),
    ...overrides,
  };
  return Object.freeze(config);
}
