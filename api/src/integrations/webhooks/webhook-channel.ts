import { WEBHOOK_TEST_EVENT } from '@showback/contract';
import type { AlertChannel, DeliveryOutcome } from '../../alerts/alert-channel.ts';
import { buildSubmissionAlert } from '../../alerts/submission-alert.ts';
import type { AppContext } from '../../context.ts';
import { OutboundError, outboundRequest, type OutboundResponse } from '../outbound/outbound-http.ts';
import { notifyEndpointDisabled } from './endpoint-disabled-email.ts';
import * as repo from './webhook-endpoints.repository.ts';
import { webhookHeaders } from './webhook-signature.ts';
import { iso } from '../../db/iso.ts';

const TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 4096;
const EXCERPT_CHARS = 500;
/** Retry-After beyond this is not waited for (the schedule's own last step is 10 h). */
const MAX_RETRY_AFTER_SECONDS = 24 * 60 * 60;
/** An endpoint whose every attempt failed for this long is disabled and its owners emailed. */
export const DISABLE_AFTER_FAILING_DAYS = 5;

/** Seconds from the header (delta seconds or an HTTP date), when there is one. */
export function parseRetryAfter(value: string | string[] | undefined, now: number = Date.now()): number | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  const seconds = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : (Date.parse(raw) - now) / 1000;
  if (!Number.isFinite(seconds)) return undefined;
  return Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(0, seconds));
}

function excerpt(response: OutboundResponse): string {
  if (response.status >= 300 && response.status < 400) return `Redirects are not followed${response.headers.location ? ` (Location: ${String(response.headers.location).slice(0, 200)})` : ''}.`;
  return response.body.slice(0, EXCERPT_CHARS);
}

/**
 * Signed webhooks (Standard Webhooks): one delivery per subscribed, enabled endpoint. The body is rendered once and
 * the `webhook-id` is the delivery's, so every retry sends the same message under the same id with a fresh
 * timestamp and signature.
 */
export const webhookChannel: AlertChannel = {
  name: 'webhook',
  // Immediately, then 5 s, 5 min, 30 min, 2 h, 5 h and 10 h later: seven attempts over about 18 hours.
  retryDelaysSeconds: [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600],

  targets: (db, event) => repo.endpointIdsFor(db, event.account_id, event.type),

  async render(ctx, event, target) {
    const timestamp = iso(event.created_at);
    if (event.type === WEBHOOK_TEST_EVENT) {
      return JSON.stringify({ type: event.type, timestamp, data: { endpoint_id: target, message: 'A test event from Showback. Your endpoint received it.' } });
    }
    const data = event.submission_id ? await buildSubmissionAlert(ctx, event.account_id, event.submission_id) : undefined;
    if (!data) return { result: 'failed', excerpt: 'The recording was deleted before this event could be sent.' };
    // A review change says what changed, as it was when it happened (the recording may have moved on since).
    return JSON.stringify({ type: event.type, timestamp, data: { ...data, ...(event.data ?? {}) } });
  },

  async deliver(ctx, delivery, event): Promise<DeliveryOutcome> {
    const endpoint = await repo.findEndpoint(ctx.db, delivery.account_id, delivery.target);
    if (!endpoint) return { result: 'failed', excerpt: 'The endpoint was deleted.' };
    if (endpoint.status !== 'enabled' && event.type !== WEBHOOK_TEST_EVENT) return { result: 'failed', excerpt: `The endpoint is ${endpoint.status}; replay the delivery once it is enabled.` };
    const secrets = [endpoint.secret];
    if (endpoint.previous_secret && endpoint.previous_secret_expires_at && new Date(endpoint.previous_secret_expires_at) > new Date()) secrets.push(endpoint.previous_secret);
    let response: OutboundResponse;
    try {
      response = await outboundRequest(
        endpoint.url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...webhookHeaders(`msg_${delivery.id}`, delivery.payload, secrets) },
          body: delivery.payload,
          timeoutMs: TIMEOUT_MS,
          maxResponseBytes: MAX_RESPONSE_BYTES,
        },
        { allowLocal: ctx.config.outboundAllowLocal },
      );
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      // A refused address or a malformed URL will not fix itself; the owner corrects the URL and replays.
      if (error.kind === 'refused' || error.kind === 'invalid_url') return { result: 'failed', excerpt: error.message };
      return { result: 'retry', excerpt: error.message };
    }
    if (response.status >= 200 && response.status < 300) return { result: 'succeeded', status: response.status, excerpt: excerpt(response) };
    if (response.status === 410) {
      if (await repo.disableEndpoint(ctx.db, endpoint.id, 'The endpoint answered 410 Gone.')) await notifyEndpointDisabled(ctx, endpoint, 'it answered 410 Gone');
      return { result: 'failed', status: 410, excerpt: excerpt(response) };
    }
    const retryAfterSeconds = parseRetryAfter(response.headers['retry-after']);
    return { result: 'retry', status: response.status, excerpt: excerpt(response), ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
  },

  async afterFinalFailure(ctx: AppContext, delivery) {
    if (!(await repo.failingForDays(ctx.db, delivery.target, DISABLE_AFTER_FAILING_DAYS))) return;
    const endpoint = await repo.findEndpoint(ctx.db, delivery.account_id, delivery.target);
    if (endpoint && (await repo.disableEndpoint(ctx.db, endpoint.id, `Every delivery failed for ${DISABLE_AFTER_FAILING_DAYS} days.`))) {
      await notifyEndpointDisabled(ctx, endpoint, `every delivery failed for ${DISABLE_AFTER_FAILING_DAYS} days`);
    }
  },
};
