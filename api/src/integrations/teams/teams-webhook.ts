import type { AppContext } from '../../context.ts';
import { OutboundError, outboundRequest } from '../outbound/outbound-http.ts';
import { parseRetryAfter } from '../webhooks/webhook-channel.ts';

export type TeamsPostResult =
  | { kind: 'posted'; status: number }
  | { kind: 'retry'; status?: number; message: string; retryAfterSeconds?: number }
  /** The workflow refuses for good (deleted, turned off, the URL is wrong): the card shows it until a new URL is saved. */
  | { kind: 'broken'; status?: number; message: string };

/** POSTs a message to the channel's Workflows webhook through the SSRF-safe outbound client. */
export async function postToTeamsWebhook(ctx: AppContext, webhookUrl: string, message: Record<string, unknown>): Promise<TeamsPostResult> {
  try {
    const res = await outboundRequest(
      webhookUrl,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(message), timeoutMs: 10_000, maxResponseBytes: 4096 },
      { allowLocal: ctx.config.outboundAllowLocal },
    );
    if (res.status >= 200 && res.status < 300) return { kind: 'posted', status: res.status };
    if (res.status === 408 || res.status === 429 || res.status >= 500) {
      const retryAfterSeconds = parseRetryAfter(res.headers['retry-after']);
      return { kind: 'retry', status: res.status, message: `Teams answered HTTP ${res.status}.`, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
    }
    return { kind: 'broken', status: res.status, message: `The Teams workflow refused the post (HTTP ${res.status}): it may have been deleted or turned off. Create a new workflow webhook and save its URL.` };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    if (error.kind === 'refused' || error.kind === 'invalid_url') return { kind: 'broken', message: `The saved webhook URL cannot be used: ${error.message}` };
    return { kind: 'retry', message: `Teams could not be reached: ${error.message}` };
  }
}
