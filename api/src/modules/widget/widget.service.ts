import crypto from 'node:crypto';
import {
  PLANS,
  WIDGET_SESSION_TTL_MS,
  type CreateWidgetSession,
  type UpdateWidgetSettings,
  type WidgetAppearance,
  type WidgetSession,
  type WidgetSessionInfo,
  type WidgetSettings,
} from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { effectivePlan } from '../billing/billing-state.ts';
import { newRequestToken } from '../requests/request-token.ts';
import { insertRequest } from '../requests/requests.repository.ts';
import type { OpenRequest } from '../requests/resolve-token.ts';
import { canonicalOrigin, normalizeAllowedOrigin, originAllowed, originCandidates } from './widget-origins.ts';
import * as repo from './widget.repository.ts';
import { iso } from '../../db/iso.ts';

const SESSION_PREFIX = 'ws_';

export const DEFAULT_APPEARANCE: WidgetAppearance = { launcher: true, position: 'bottom-right', label: 'Record your screen', background: '#4f46e5', color: '#ffffff' };

export type WidgetRequest = OpenRequest & { widget_origin: string };

const newKey = (): string => `wk_live_${crypto.randomBytes(18).toString('base64url')}`;
const hash = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

export const isWidgetToken = (token: string): boolean => token.startsWith(SESSION_PREFIX);

function appearanceOf(stored: unknown): WidgetAppearance {
  return { ...DEFAULT_APPEARANCE, ...(stored && typeof stored === 'object' ? (stored as Partial<WidgetAppearance>) : {}) };
}

async function planAllows(ctx: AppContext, accountId: string): Promise<{ allows: boolean; plan: string }> {
  const account = await repo.findAccount(ctx.db, accountId);
  if (!account) return { allows: false, plan: 'free' };
  const { plan, trialActive } = effectivePlan(account, new Date());
  return { allows: PLANS[plan].widgetEmbed || trialActive, plan };
}

/**
 * The widget's request's title until the owner renames it: in the dashboard as written (English, as the dashboard),
 * and in the recorder in the customer's language (`default_title`).
 */
export const WIDGET_REQUEST_TITLE = 'Show us what happened';

/**
 * The account's widget settings, created with a key and a request the first time a change needs them (set-up, a
 * save, a key rotation, a customer's widget session); never by reading them. The request's title is the heading
 * customers see in the recorder, so it speaks to them; the owner may rename it.
 */
async function ensureSettings(ctx: AppContext, accountId: string, userId: string | null) {
  let settings = await repo.findSettings(ctx.db, accountId);
  if (!settings) {
    await repo.insertSettings(ctx.db, accountId, newKey());
    settings = (await repo.findSettings(ctx.db, accountId))!;
  }
  if (!settings.request_id || !(await repo.findRequestOfAccount(ctx.db, accountId, settings.request_id))) {
    const requestId = await insertRequest(ctx.db, {
      account_id: accountId,
      created_by: userId,
      title: WIDGET_REQUEST_TITLE,
      instructions_html: '',
      microphone: 'optional',
      max_duration_seconds: 900,
      field_name: 'optional',
      field_email: 'optional',
      field_note: 'optional',
      redirect_url: null,
      token: newRequestToken(),
    });
    await repo.updateSettings(ctx.db, accountId, { request_id: requestId });
    settings = { ...settings, request_id: requestId };
  }
  return settings as typeof settings & { request_id: string };
}

/** What /my/widget shows; reads only, so an account nobody has set up yet answers `key: null`. */
export async function getWidgetSettings(ctx: AppContext, user: { id: string; accountId: string }): Promise<WidgetSettings> {
  const settings = await repo.findSettings(ctx.db, user.accountId);
  const request = settings?.request_id ? await repo.findRequestOfAccount(ctx.db, user.accountId, settings.request_id) : undefined;
  const { allows, plan } = await planAllows(ctx, user.accountId);
  const host = new URL(ctx.config.publicUrl).origin;
  return {
    key: settings?.public_key ?? null,
    allowed_origins: await repo.listOrigins(ctx.db, user.accountId),
    appearance: appearanceOf(settings?.appearance),
    request_id: request ? settings!.request_id : null,
    host,
    script_url: `${host}/sdk/showback.js`,
    plan_allows: allows,
    effective_plan: plan,
  };
}

export async function updateWidgetSettings(ctx: AppContext, user: { id: string; accountId: string }, input: UpdateWidgetSettings): Promise<WidgetSettings> {
  const settings = await ensureSettings(ctx, user.accountId, user.id);
  if (input.allowed_origins) {
    const errors: string[] = [];
    const origins = new Set<string>();
    for (const entry of input.allowed_origins) {
      if (!entry.trim()) continue;
      const origin = normalizeAllowedOrigin(entry);
      if (origin) origins.add(origin);
      else errors.push(`"${entry.slice(0, 100)}" is not an origin like https://app.example.com or https://*.example.com`);
    }
    if (errors.length) throw validationFailed({ allowed_origins: errors });
    await ctx.db.transaction().execute((trx) => repo.replaceOrigins(trx, user.accountId, [...origins]));
  }
  if (input.appearance) {
    const appearance = { ...appearanceOf(settings.appearance), ...input.appearance };
    appearance.label = appearance.label.trim() || DEFAULT_APPEARANCE.label;
    await repo.updateSettings(ctx.db, user.accountId, { appearance: JSON.stringify(appearance) });
  }
  return getWidgetSettings(ctx, user);
}

/** Creates the key and the default request (idempotent): the owner's or an admin's "Set up the widget". */
export async function setUpWidget(ctx: AppContext, user: { id: string; accountId: string }): Promise<WidgetSettings> {
  await ensureSettings(ctx, user.accountId, user.id);
  return getWidgetSettings(ctx, user);
}

/** A new key; the old one stops working at once (pages still carrying it get 404 until they are updated). */
export async function rotateWidgetKey(ctx: AppContext, user: { id: string; accountId: string }): Promise<WidgetSettings> {
  await ensureSettings(ctx, user.accountId, user.id);
  await repo.updateSettings(ctx.db, user.accountId, { public_key: newKey() });
  return getWidgetSettings(ctx, user);
}

/**
 * The origin a CORS request comes from, if the browser said so and it is the one the page claims. The `Referer`
 * fallback covers browsers that omit `Origin`; a request with neither is not from a page and is refused.
 */
export function requestOrigin(headers: { origin?: string | undefined; referer?: string | undefined }): string | undefined {
  if (headers.origin && headers.origin !== 'null') return canonicalOrigin(headers.origin);
  if (headers.referer) {
    try {
      return new URL(headers.referer).origin;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** For the CORS preflight, which carries no key: whether any account allows this origin. */
export async function originKnown(ctx: AppContext, origin: string): Promise<boolean> {
  return repo.anyAccountAllows(ctx.db, originCandidates(origin));
}

async function assertOriginAndPlan(ctx: AppContext, accountId: string, origin: string): Promise<void> {
  if (!originAllowed(await repo.listOrigins(ctx.db, accountId), origin)) {
    throw new AppError('FORBIDDEN', `Recording is not enabled on ${origin}. Add it to the allowed origins on /my/widget.`);
  }
  if (!(await planAllows(ctx, accountId)).allows) {
    throw new AppError('PLAN_REQUIRED', 'The widget is part of the Growth and Scale plans. Upgrade to use it on your site.');
  }
}

function instructionsHtml(text: string | undefined): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const escaped = trimmed.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<p>${escaped.replace(/\r?\n/g, '<br>')}</p>`;
}

/** Mints the short-lived token the recorder in the widget's iframe uses like a request token. */
export async function createWidgetSession(ctx: AppContext, input: CreateWidgetSession, origin: string | undefined): Promise<WidgetSession> {
  const claimed = canonicalOrigin(input.origin);
  if (!origin || !claimed || claimed !== origin) throw new AppError('FORBIDDEN', 'The page origin does not match the origin of the request.');
  const settings = await repo.findSettingsByKey(ctx.db, input.key);
  if (!settings) throw new AppError('NOT_FOUND', 'This widget key does not exist. Copy the snippet again from /my/widget.');
  await assertOriginAndPlan(ctx, settings.account_id, origin);
  let requestId: string;
  if (input.request_id) {
    const request = await repo.findRequestOfAccount(ctx.db, settings.account_id, input.request_id);
    if (!request || request.status !== 'active') throw new AppError('NOT_FOUND', 'This recording request does not exist or is closed.');
    requestId = request.id;
  } else {
    requestId = (await ensureSettings(ctx, settings.account_id, null)).request_id;
  }
  const token = `${SESSION_PREFIX}${crypto.randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(Date.now() + WIDGET_SESSION_TTL_MS);
  await repo.insertSession(ctx.db, {
    token_hash: hash(token),
    account_id: settings.account_id,
    request_id: requestId,
    origin,
    instructions_html: instructionsHtml(input.instructions),
    expires_at: expiresAt,
  });
  return { token, recorder_url: `${new URL(ctx.config.publicUrl).origin}/r/${token}`, expires_at: expiresAt.toISOString() };
}

async function openSession(ctx: AppContext, token: string) {
  const session = await repo.findSessionByHash(ctx.db, hash(token));
  if (!session) throw new AppError('NOT_FOUND', 'This recording session does not exist. Close the widget and open it again.');
  if (new Date(session.expires_at).getTime() <= Date.now()) {
    throw new AppError('LINK_EXPIRED', 'This recording session has expired. Close the widget and open it again.');
  }
  return session;
}

/**
 * A widget session token resolved like a request token (resolve-token.ts delegates here), for the
 * recorder's public request, the tus upload and the submission. Every use checks again that the host page's origin
 * is still allowed and the plan still includes the widget, so removing an origin stops its recordings at once.
 */
export async function resolveWidgetToken(ctx: AppContext, token: string): Promise<WidgetRequest> {
  const session = await openSession(ctx, token);
  await assertOriginAndPlan(ctx, session.account_id, session.origin);
  const request = await repo.findOpenRequest(ctx.db, session.request_id);
  if (!request) throw new AppError('NOT_FOUND', 'This recording session does not exist. Close the widget and open it again.');
  if (request.status === 'archived') throw new AppError('LINK_REVOKED', 'This recording request is closed and no longer accepts recordings.');
  return { ...request, instructions_html: session.instructions_html ?? request.instructions_html, widget_origin: session.origin };
}

/**
 * Who may frame this widget session's recorder: the account's allowed origins, read at every load so a removed
 * origin stops framing at once. An unknown or expired session gets none (its page says so without being framed).
 */
export async function recorderFrameAncestors(ctx: AppContext, token: string): Promise<string[]> {
  if (!isWidgetToken(token)) return [];
  const session = await repo.findSessionByHash(ctx.db, hash(token));
  if (!session || new Date(session.expires_at).getTime() <= Date.now()) return [];
  return repo.listOrigins(ctx.db, session.account_id);
}

export async function getWidgetSessionInfo(ctx: AppContext, token: string): Promise<WidgetSessionInfo> {
  if (!isWidgetToken(token)) throw new AppError('NOT_FOUND', 'This recording session does not exist.');
  const session = await openSession(ctx, token);
  return { parent_origin: session.origin, expires_at: iso(session.expires_at) };
}
