import type { AppContext } from '../../context.ts';
import { classifyHelpdesk } from '../helpdesk/helpdesk-failure.ts';
import type { ProviderAnswer } from '../kit/provider-failure.ts';
import { settingsOf } from '../kit/provider.ts';
import { freshdeskSettings } from './freshdesk.settings.ts';

/**
 * Freshdesk's REST API v2 with plain fetch: there is no official Node client (the community ones are unmaintained
 * and add nothing over five calls), and no OpenAPI description to generate one from.
 */
const TIMEOUT_MS = 10_000;

/** https://acme.freshdesk.com, or the local server the tests point FRESHDESK_URL at. */
export const freshdeskOrigin = (ctx: Pick<AppContext, 'config'>, domain: string): string => settingsOf(ctx, freshdeskSettings).urlTemplate.replace('{domain}', domain);

/** Freshdesk's API keys are HTTP Basic credentials with any password (its docs use `X`). */
const basic = (apiKey: string): string => `Basic ${Buffer.from(`${apiKey}:X`).toString('base64')}`;

/** Freshdesk's error bodies: `{code, message}` (auth, access) or `{description, errors: [{field, message, code}]}`. */
function describe(status: number, body: unknown): string {
  const b = body as { code?: string; message?: string; description?: string; errors?: { field?: string; message?: string }[] } | undefined;
  const fields = (b?.errors ?? []).map((e) => [e.field, e.message].filter(Boolean).join(': ')).join('; ');
  return [b?.message ?? b?.code, b?.description, fields].filter(Boolean).join(' — ') || `HTTP ${status}`;
}

export interface FreshdeskCall {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  body?: unknown;
}

/** One call to /api/v2 of the helpdesk with the API key, its answer sorted (429 with Retry-After, refused key…). */
export async function callFreshdesk<T>(ctx: Pick<AppContext, 'config'>, domain: string, apiKey: string, call: FreshdeskCall): Promise<ProviderAnswer<T>> {
  let res: Response;
  try {
    res = await fetch(`${freshdeskOrigin(ctx, domain)}/api/v2${call.path}`, {
      method: call.method,
      headers: { authorization: basic(apiKey), accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, ...classifyHelpdesk('Freshdesk', { status: undefined, detail: '' }, '') };
  }
  const body = (await res.json().catch(() => undefined)) as unknown;
  if (res.ok) return { ok: true, status: res.status, value: body as T };
  return {
    ok: false,
    ...classifyHelpdesk('Freshdesk', { status: res.status, detail: describe(res.status, body), retryAfter: res.headers.get('retry-after') }, 'Connect Freshdesk again with a current API key.'),
  };
}

export interface FreshdeskAgent {
  id: number;
  contact: { name: string; email: string };
}

export interface FreshdeskConversation {
  id: number;
  body: string;
  private: boolean;
}

export interface FreshdeskTicket {
  id: number;
  subject: string;
  requester?: { name?: string | null; email?: string | null };
}
