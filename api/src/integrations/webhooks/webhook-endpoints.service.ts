import { ALERT_EVENT_TYPES, WEBHOOK_LIMITS, WEBHOOK_TEST_EVENT, type AlertDelivery, type CreateWebhookEndpoint, type UpdateWebhookEndpoint, type WebhookEndpoint, type WebhookSecret } from '@showback/contract';
import { recordAlertEvent, wakeDispatchers } from '../../alerts/alert-events.ts';
import * as deliveries from '../../alerts/alert-deliveries.repository.ts';
import { toDelivery } from '../../alerts/delivery-log.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { checkOutboundHost, checkOutboundUrl, OutboundError } from '../outbound/outbound-http.ts';
import * as repo from './webhook-endpoints.repository.ts';
import { newWebhookSecret } from './webhook-signature.ts';
import { iso } from '../../db/iso.ts';

/** After a rotation the old secret keeps signing this long, so receivers can switch without losing events. */
export const SECRET_GRACE_HOURS = 24;
const LOG_LIMIT = 50;

function toEndpoint(row: repo.WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEndpoint['events'],
    status: row.status,
    disabled_reason: row.status === 'disabled' ? row.disabled_reason : null,
    created_at: iso(row.created_at),
  };
}

/** The URL as stored, or 422 naming the field: https (http only with OUTBOUND_ALLOW_LOCAL), no blocked address. */
async function checkUrl(ctx: AppContext, raw: string): Promise<string> {
  const policy = { allowLocal: ctx.config.outboundAllowLocal };
  try {
    const url = checkOutboundUrl(raw.trim(), policy);
    await checkOutboundHost(url, policy);
    return url.toString();
  } catch (error) {
    if (error instanceof OutboundError) throw validationFailed({ url: [error.message] });
    throw error;
  }
}

async function getEndpoint(ctx: AppContext, accountId: string, id: string): Promise<repo.WebhookEndpointRow> {
  const row = await repo.findEndpoint(ctx.db, accountId, id);
  if (!row) throw notFound('Webhook endpoint');
  return row;
}

export async function listEndpoints(ctx: AppContext, accountId: string): Promise<WebhookEndpoint[]> {
  return (await repo.listEndpoints(ctx.db, accountId)).map(toEndpoint);
}

export async function createEndpoint(ctx: AppContext, accountId: string, input: CreateWebhookEndpoint): Promise<WebhookEndpoint> {
  const url = await checkUrl(ctx, input.url);
  if ((await repo.countEndpoints(ctx.db, accountId)) >= WEBHOOK_LIMITS.maxEndpointsPerAccount) {
    throw new AppError('CONFLICT', `An account can have up to ${WEBHOOK_LIMITS.maxEndpointsPerAccount} webhook endpoints. Delete one to add another.`);
  }
  const row = await repo.insertEndpoint(ctx.db, {
    account_id: accountId,
    url,
    description: input.description?.trim() ?? '',
    events: [...(input.events ?? ALERT_EVENT_TYPES)],
    secret: newWebhookSecret(),
  });
  return toEndpoint(row);
}

export async function updateEndpoint(ctx: AppContext, accountId: string, id: string, input: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
  await getEndpoint(ctx, accountId, id);
  const row = await repo.updateEndpoint(ctx.db, accountId, id, {
    ...(input.url === undefined ? {} : { url: await checkUrl(ctx, input.url) }),
    ...(input.description === undefined ? {} : { description: input.description.trim() }),
    ...(input.events === undefined ? {} : { events: [...input.events] }),
    ...(input.status === undefined ? {} : { status: input.status, disabled_reason: null }),
  });
  if (!row) throw notFound('Webhook endpoint');
  return toEndpoint(row);
}

export async function deleteEndpoint(ctx: AppContext, accountId: string, id: string): Promise<void> {
  if (!(await repo.deleteEndpoint(ctx.db, accountId, id))) throw notFound('Webhook endpoint');
}

export async function revealSecret(ctx: AppContext, accountId: string, id: string): Promise<WebhookSecret> {
  const row = await getEndpoint(ctx, accountId, id);
  const graceEnds = row.previous_secret_expires_at && new Date(row.previous_secret_expires_at) > new Date() ? iso(row.previous_secret_expires_at) : null;
  return { secret: row.secret, previous_secret_expires_at: graceEnds };
}

export async function rotateSecret(ctx: AppContext, accountId: string, id: string): Promise<WebhookSecret> {
  const row = await getEndpoint(ctx, accountId, id);
  const graceEnds = new Date(Date.now() + SECRET_GRACE_HOURS * 3600_000);
  await repo.updateEndpoint(ctx.db, accountId, id, { secret: newWebhookSecret(), previous_secret: row.secret, previous_secret_expires_at: graceEnds });
  return revealSecret(ctx, accountId, id);
}

/** A `webhook.test` event for this endpoint alone, through the same pipeline (and delivery log) as real ones. */
export async function sendTestEvent(ctx: AppContext, accountId: string, id: string): Promise<{ event_id: string }> {
  await getEndpoint(ctx, accountId, id);
  const eventId = await ctx.db.transaction().execute((trx) => recordAlertEvent(trx, { accountId, type: WEBHOOK_TEST_EVENT, only: { channel: 'webhook', target: id } }));
  return { event_id: eventId };
}

export async function listEndpointDeliveries(ctx: AppContext, accountId: string, id: string): Promise<AlertDelivery[]> {
  await getEndpoint(ctx, accountId, id);
  return (await deliveries.listDeliveries(ctx.db, accountId, 'webhook', id, LOG_LIMIT)).map(toDelivery);
}

/** One more attempt of a finished delivery: the same body and webhook-id, signed afresh. */
export async function replayDelivery(ctx: AppContext, accountId: string, deliveryId: string): Promise<AlertDelivery> {
  const found = await deliveries.findDelivery(ctx.db, accountId, deliveryId);
  if (!found || found.channel !== 'webhook') throw notFound('Delivery');
  if (!(await deliveries.requeueDelivery(ctx.db, accountId, deliveryId))) throw new AppError('CONFLICT', 'This delivery is still being attempted.');
  await wakeDispatchers(ctx.db);
  return toDelivery((await deliveries.findDelivery(ctx.db, accountId, deliveryId))!);
}
