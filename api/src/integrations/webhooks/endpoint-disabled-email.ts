import { ownerEmails } from '../../modules/billing/retention.repository.ts';
import type { AppContext } from '../../context.ts';
import type { WebhookEndpointRow } from './webhook-endpoints.repository.ts';

/** Tells the account's owners that the product turned a webhook endpoint off, and how to turn it back on. */
export async function notifyEndpointDisabled(ctx: AppContext, endpoint: WebhookEndpointRow, why: string): Promise<void> {
  const text = [
    `Showback stopped sending webhooks to ${endpoint.url} because ${why}.`,
    'Events that arrive meanwhile are not sent to it. Once the endpoint works again, resume it in Integrations → Webhooks, and replay the deliveries you need from its delivery log:',
    `${ctx.config.publicUrl}/my/integrations`,
  ].join('\n\n');
  for (const to of await ownerEmails(ctx.db, endpoint.account_id)) await ctx.mailer.send({ to, subject: 'A webhook endpoint was disabled', text });
}
