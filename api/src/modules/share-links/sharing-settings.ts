import type { SharingSettings, UpdateSharingSettings } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { effectivePlan } from '../billing/billing-state.ts';

/**
 * An account's sharing settings. Every plan starts with sharing limited to verified people (domain and named-people
 * links) and outside messages linking to a link for the account's domains: nothing of a customer's recording becomes
 * readable to anyone holding a URL until an owner or admin turns that on (docs/product-decisions.md, "Share links").
 */
const DEFAULTS = { mode: 'verified', domains: [] as string[], outside_links: 'domain' } as const;

export type StoredSharing = Omit<SharingSettings, 'never_expires_allowed'>;

export async function readSharing(db: Db, accountId: string): Promise<StoredSharing> {
  const row = await db.selectFrom('account_sharing').select(['mode', 'domains', 'outside_links']).where('account_id', '=', accountId).executeTakeFirst();
  return row ?? { ...DEFAULTS, domains: [] };
}

/** Links that never expire are for paid plans (a trial's plan included); on Free a link lives at most 90 days. */
export async function neverExpiresAllowed(db: Db, accountId: string, now = new Date()): Promise<boolean> {
  const account = await db.selectFrom('accounts').select(['plan', 'trial_ends_at']).where('id', '=', accountId).executeTakeFirstOrThrow();
  return effectivePlan(account, now).plan !== 'free';
}

export async function getSharingSettings(ctx: AppContext, accountId: string): Promise<SharingSettings> {
  return { ...(await readSharing(ctx.db, accountId)), never_expires_allowed: await neverExpiresAllowed(ctx.db, accountId) };
}

export async function updateSharingSettings(ctx: AppContext, accountId: string, input: UpdateSharingSettings): Promise<SharingSettings> {
  const next = { ...(await readSharing(ctx.db, accountId)), ...input };
  const domains = [...new Set((input.domains ?? next.domains).map((d) => d.trim().toLowerCase()))];
  const values = { account_id: accountId, mode: next.mode, domains: JSON.stringify(domains), outside_links: next.outside_links, updated_at: new Date() };
  await ctx.db.insertInto('account_sharing').values(values).onConflict((oc) => oc.column('account_id').doUpdateSet(values)).execute();
  return getSharingSettings(ctx, accountId);
}

export const emailDomain = (email: string): string => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
