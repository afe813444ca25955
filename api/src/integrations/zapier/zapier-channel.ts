import { ZAPIER_TRIGGER_EVENT, type ZapierTriggerEvent } from '@showback/contract';
import type { AlertChannel, DeliveryOutcome } from '../../alerts/alert-channel.ts';
import { buildSubmissionAlert } from '../../alerts/submission-alert.ts';
import { OutboundError, outboundRequest } from '../outbound/outbound-http.ts';
import * as repo from './zapier.repository.ts';
import { zapierItem } from './zapier.service.ts';

/**
 * The Zapier app's trigger each event fires: "New Recording" once the video is ready (its download link then works),
 * "Recording State Changed" when the team moves its review state.
 */
const TRIGGER_OF_EVENT: Record<string, ZapierTriggerEvent> = { 'submission.ready': ZAPIER_TRIGGER_EVENT, 'submission.state_changed': 'recording_state_changed' };

/**
 * Posts each new recording, and each review state change, to every zap subscribed to that trigger through the Zapier
 * app (REST hooks); 410 unsubscribes the zap.
 */
export const zapierChannel: AlertChannel = {
  name: 'zapier',
  retryDelaysSeconds: [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600],

  async targets(db, event) {
    const trigger = TRIGGER_OF_EVENT[event.type];
    if (!trigger) return [];
    if (!(await db.selectFrom('zapier_keys').select('account_id').where('account_id', '=', event.account_id).executeTakeFirst())) return [];
    return repo.subscriptionIdsFor(db, event.account_id, trigger);
  },

  async render(ctx, event) {
    const alert = event.submission_id ? await buildSubmissionAlert(ctx, event.account_id, event.submission_id) : undefined;
    if (!alert) return { result: 'failed', excerpt: 'The recording was deleted before it could be sent.' };
    // Zapier deduplicates by id: a state change is its own item (the event's id), with what changed.
    if (event.type === 'submission.state_changed') return JSON.stringify({ ...zapierItem(alert), id: event.id, ...(event.data ?? {}) });
    return JSON.stringify(zapierItem(alert));
  },

  async deliver(ctx, delivery): Promise<DeliveryOutcome> {
    const subscription = await repo.findSubscription(ctx.db, delivery.account_id, delivery.target);
    if (!subscription) return { result: 'failed', excerpt: 'The zap unsubscribed.' };
    try {
      const response = await outboundRequest(
        subscription.target_url,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: delivery.payload, timeoutMs: 10_000, maxResponseBytes: 4096 },
        { allowLocal: ctx.config.outboundAllowLocal },
      );
      const excerpt = response.body.slice(0, 500);
      if (response.status >= 200 && response.status < 300) return { result: 'succeeded', status: response.status, excerpt };
      if (response.status === 410) {
        // Zapier's way of saying the zap was turned off or deleted.
        await repo.deleteSubscription(ctx.db, delivery.account_id, subscription.id);
        return { result: 'failed', status: 410, excerpt: 'Zapier answered 410 Gone: the zap is off, so it was unsubscribed.' };
      }
      return { result: 'retry', status: response.status, excerpt };
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      return error.kind === 'refused' || error.kind === 'invalid_url' ? { result: 'failed', excerpt: error.message } : { result: 'retry', excerpt: error.message };
    }
  },
};
