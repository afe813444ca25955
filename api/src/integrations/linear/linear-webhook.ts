import type { LinearWebhookAck } from '@showback/contract';
import { LinearWebhookClient } from '@linear/sdk/webhooks';
import { recordAlertEvent } from '../../alerts/alert-events.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import * as repo from './linear.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { linearSettings } from './linear.settings.ts';

interface IssueEvent {
  type?: string;
  action?: string;
  organizationId?: string;
  data?: { id?: string; identifier?: string; title?: string; url?: string; state?: { name?: string; type?: string } };
  url?: string;
}

/**
 * Linear's webhook (the OAuth application's, one for every connected workspace). The SDK's helper checks
 * `Linear-Signature` (hex HMAC-SHA256 of the exact body with the signing secret) and that the signed
 * `webhookTimestamp` is within a minute of now; then the `Linear-Delivery` id is claimed in the database, in the same
 * transaction as the change, so a redelivery or the same delivery reaching two processes changes nothing twice (and
 * a failure leaves it unclaimed for Linear's retry). An Issue created or updated carries its state: every recording
 * escalated to it shows the new one, and a new state is news for the notes on the tickets the recordings came from.
 */
export async function handleLinearWebhook(ctx: AppContext, rawBody: Buffer, signature: string | undefined, deliveryId: string | undefined): Promise<LinearWebhookAck> {
  const secret = settingsOf(ctx, linearSettings)?.webhookSecret;
  if (!secret) throw new AppError('INTEGRATION_UNAVAILABLE', 'Linear webhooks are not configured on this server (LINEAR_WEBHOOK_SECRET).');
  if (!signature) throw new AppError('UNAUTHENTICATED', 'Missing Linear-Signature header.');
  let event: IssueEvent;
  try {
    event = new LinearWebhookClient(secret).parseData(rawBody, signature) as IssueEvent;
  } catch (error) {
    const stale = /timestamp/i.test((error as Error).message);
    throw stale
      ? new AppError('BAD_REQUEST', 'The webhook is too old or carries no webhookTimestamp (more than a minute away from now).')
      : new AppError('UNAUTHENTICATED', 'The Linear-Signature does not match the body.');
  }
  if (!deliveryId) throw new AppError('BAD_REQUEST', 'Missing Linear-Delivery header.');
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.claimDelivery(trx, deliveryId))) return { received: true, duplicate: true };
    const issue = event.data;
    const state = issue?.state;
    if (event.type === 'Issue' && (event.action === 'update' || event.action === 'create') && event.organizationId && issue?.id && state?.name && state.type) {
      const moved = await repo.setIssueState(trx, event.organizationId, issue.id, {
        state_name: state.name,
        state_type: state.type,
        ...(issue.title ? { title: issue.title } : {}),
        ...(issue.identifier ? { identifier: issue.identifier } : {}),
        ...((issue.url ?? event.url) ? { url: issue.url ?? event.url } : {}),
      });
      for (const m of moved) await recordAlertEvent(trx, { accountId: m.account_id, type: 'submission.escalated', submissionId: m.submission_id });
    }
    return { received: true, duplicate: false };
  });
}
