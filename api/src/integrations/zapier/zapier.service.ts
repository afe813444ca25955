import { ZAPIER_TRIGGER_EVENT, type ZapierTriggerEvent, type ZapierConnect, type ZapierKey, type ZapierStatus, type ZapierSubscription } from '@showback/contract';
import { buildSubmissionAlert, type SubmissionAlert } from '../../alerts/submission-alert.ts';
import type { AppContext } from '../../context.ts';
import { AppError, notFound, validationFailed } from '../../errors.ts';
import { effectivePlan } from '../../modules/billing/billing-state.ts';
import { checkOutboundHost, checkOutboundUrl, OutboundError } from '../outbound/outbound-http.ts';
import * as repo from './zapier.repository.ts';
import { hashZapierKey, newZapierKey } from './zapier-key.ts';
import { iso } from '../../db/iso.ts';

/** Spec §9: automation integrations on every paid plan and during the trial. */
export async function assertZapierPlan(ctx: AppContext, accountId: string): Promise<void> {
  const account = await ctx.db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('id', '=', accountId).executeTakeFirstOrThrow();
  if (effectivePlan(account, new Date()).plan === 'free') {
    throw new AppError('PLAN_REQUIRED', 'Zapier is part of every paid plan and the trial. Upgrade to connect it.', { details: { upgrade_url: '/upgrade' } });
  }
}

export async function zapierStatus(ctx: AppContext, accountId: string): Promise<ZapierStatus> {
  const key = await repo.findKey(ctx.db, accountId);
  return { connected: key !== undefined, key_prefix: key?.key_prefix ?? null, subscription_count: key ? await repo.countSubscriptions(ctx.db, accountId) : 0 };
}

/** Spec §4: connecting twice does not replace the key; the second answer says it exists. */
export async function authorizeZapier(ctx: AppContext, accountId: string, userId: string): Promise<ZapierConnect> {
  await assertZapierPlan(ctx, accountId);
  const key = newZapierKey();
  if (await repo.insertKey(ctx.db, { account_id: accountId, key_hash: key.keyHash, key_prefix: key.keyPrefix, created_by: userId })) {
    return { created: true, api_key: key.apiKey, key_prefix: key.keyPrefix, message: 'Zapier is connected. Copy the API key now: it is shown only once.' };
  }
  const existing = (await repo.findKey(ctx.db, accountId))!;
  return { created: false, api_key: null, key_prefix: existing.key_prefix, message: 'Zapier is already connected. Regenerate the key if you need a new one.' };
}

/** A new key at once; the old one stops working in the same statement. */
export async function regenerateZapierKey(ctx: AppContext, accountId: string, userId: string): Promise<ZapierKey> {
  await assertZapierPlan(ctx, accountId);
  const key = newZapierKey();
  await repo.replaceKey(ctx.db, { account_id: accountId, key_hash: key.keyHash, key_prefix: key.keyPrefix, created_by: userId });
  return { api_key: key.apiKey, key_prefix: key.keyPrefix };
}

export async function disconnectZapier(ctx: AppContext, accountId: string): Promise<void> {
  await repo.deleteKeyAndSubscriptions(ctx.db, accountId);
}

export interface ZapierCaller {
  accountId: string;
  accountName: string;
  keyPrefix: string;
}

/** The account an `X-API-Key` belongs to, on a plan that includes Zapier; 401 otherwise. */
export async function authenticateZapierKey(ctx: AppContext, apiKey: string | undefined): Promise<ZapierCaller> {
  const found = apiKey && apiKey.length < 200 ? await repo.findAccountByKeyHash(ctx.db, hashZapierKey(apiKey)) : undefined;
  if (!found) throw new AppError('UNAUTHENTICATED', 'This API key is not valid. Copy the current key from Showback → Integrations → Zapier.');
  await assertZapierPlan(ctx, found.account_id);
  return { accountId: found.account_id, accountName: found.account_name, keyPrefix: found.key_prefix };
}

const toSubscription = (row: Awaited<ReturnType<typeof repo.insertSubscription>>): ZapierSubscription => ({
  id: row.id,
  event: row.event,
  hookUrl: row.target_url,
  created_at: iso(row.created_at),
});

export async function subscribe(ctx: AppContext, accountId: string, hookUrl: string, event: ZapierTriggerEvent = ZAPIER_TRIGGER_EVENT): Promise<ZapierSubscription> {
  const policy = { allowLocal: ctx.config.outboundAllowLocal };
  let url: URL;
  try {
    url = checkOutboundUrl(hookUrl.trim(), policy);
    await checkOutboundHost(url, policy);
  } catch (error) {
    if (error instanceof OutboundError) throw validationFailed({ hookUrl: [error.message] });
    throw error;
  }
  return toSubscription(await repo.insertSubscription(ctx.db, { account_id: accountId, event, target_url: url.toString() }));
}

export async function unsubscribe(ctx: AppContext, accountId: string, id: string): Promise<void> {
  if (!(await repo.deleteSubscription(ctx.db, accountId, id))) throw notFound('Subscription');
}

export async function listSubscriptions(ctx: AppContext, accountId: string): Promise<ZapierSubscription[]> {
  return (await repo.listSubscriptions(ctx.db, accountId)).map(toSubscription);
}

/** What the trigger sends for one recording: flat enough for Zapier's field mapping, with an `id` to deduplicate. */
export function zapierItem(alert: SubmissionAlert): Record<string, unknown> {
  return { id: alert.submission.id, ...alert };
}

/** Recent ready recordings, newest first: the trigger's sample and its polling fallback. */
export async function recentRecordings(ctx: AppContext, accountId: string, limit = 3): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  for (const id of await repo.recentReadySubmissionIds(ctx.db, accountId, limit)) {
    const alert = await buildSubmissionAlert(ctx, accountId, id);
    if (alert) items.push(zapierItem(alert));
  }
  return items;
}
