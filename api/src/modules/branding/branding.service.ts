import crypto from 'node:crypto';
import { brandPalette, type BrandLogo, type Branding, type PublicBranding, type UpdateBrandingBody } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { effectivePlan } from '../billing/billing-state.ts';
import * as repo from './branding.repository.ts';
import { reencodeLogo } from './logo-image.ts';

export const LOGO_PATH = '/api/v1/public/branding/logos';
const LOGO_KEY_PREFIX = 'branding/';
const LOGO_FILE = /^[0-9a-f-]{36}\.png$/;

/** Paid plans and the trial may hide "Powered by Showback"; free accounts always show it. */
const canHidePoweredBy = (account: Pick<repo.AccountBrandingRecord, 'plan' | 'trial_ends_at'>): boolean =>
  effectivePlan(account, new Date()).plan !== 'free';

const logoOf = (row: repo.AccountBrandingRecord): BrandLogo | null =>
  row.logo_key && row.logo_width && row.logo_height
    ? { url: `${LOGO_PATH}/${row.logo_key.slice(LOGO_KEY_PREFIX.length)}`, width: row.logo_width, height: row.logo_height }
    : null;

async function load(ctx: AppContext, accountId: string): Promise<repo.AccountBrandingRecord> {
  const row = await repo.findAccountBranding(ctx.db, accountId);
  if (!row) throw notFound('Account');
  return row;
}

function brandingJson(row: repo.AccountBrandingRecord, canEdit: boolean): Branding {
  return {
    business_name: row.business_name,
    default_business_name: row.name,
    brand_color: row.brand_color,
    palette: row.brand_color ? brandPalette(row.brand_color) : null,
    logo: logoOf(row),
    hide_powered_by: row.hide_powered_by ?? false,
    can_hide_powered_by: canHidePoweredBy(row),
    can_edit: canEdit,
  };
}

export async function getBranding(ctx: AppContext, accountId: string, canEdit: boolean): Promise<Branding> {
  return brandingJson(await load(ctx, accountId), canEdit);
}

export async function updateBranding(ctx: AppContext, accountId: string, body: UpdateBrandingBody): Promise<Branding> {
  const account = await load(ctx, accountId);
  if (body.hide_powered_by && !canHidePoweredBy(account)) {
    throw new AppError('PLAN_REQUIRED', 'Hiding "Powered by Showback" needs a paid plan. Free accounts always show it.', { details: { upgrade_url: '/upgrade' } });
  }
  const change: repo.BrandingChange = {};
  if (body.business_name !== undefined) change.business_name = body.business_name?.trim() || null;
  if (body.brand_color !== undefined) change.brand_color = body.brand_color?.toLowerCase() ?? null;
  if (body.hide_powered_by !== undefined) change.hide_powered_by = body.hide_powered_by;
  if (Object.keys(change).length > 0) await repo.saveBranding(ctx.db, accountId, change);
  return getBranding(ctx, accountId, true);
}

/**
 * The new logo is stored under a key of its own before the row points at it, and the old one deleted after, so a
 * recorder opened in between shows one logo or the other, never a missing file; the URL changes with every upload,
 * so no cache shows an old logo.
 */
export async function uploadLogo(ctx: AppContext, accountId: string, bytes: Buffer): Promise<Branding> {
  await load(ctx, accountId);
  const logo = await reencodeLogo(bytes);
  const key = `${LOGO_KEY_PREFIX}${crypto.randomUUID()}.png`;
  await ctx.storage.put(key, logo.png, { contentType: 'image/png' });
  const previous = await repo.replaceLogo(ctx.db, accountId, { key, width: logo.width, height: logo.height });
  if (previous) await ctx.storage.delete(previous);
  return getBranding(ctx, accountId, true);
}

export async function deleteLogo(ctx: AppContext, accountId: string): Promise<Branding> {
  await load(ctx, accountId);
  const previous = await repo.replaceLogo(ctx.db, accountId, null);
  if (previous) await ctx.storage.delete(previous);
  return getBranding(ctx, accountId, true);
}

/** The storage key behind a public logo URL, if that logo is some account's current one. */
export async function findLogoKey(ctx: AppContext, file: string): Promise<string | undefined> {
  if (!LOGO_FILE.test(file)) return undefined;
  const key = `${LOGO_KEY_PREFIX}${file}`;
  return (await repo.logoExists(ctx.db, key)) ? key : undefined;
}

/** What the recorder shows a recipient of this account's links and widget. */
export async function publicBranding(ctx: AppContext, accountId: string): Promise<PublicBranding> {
  const row = await load(ctx, accountId);
  return {
    name: row.business_name ?? row.name,
    logo: logoOf(row),
    palette: row.brand_color ? brandPalette(row.brand_color) : null,
    powered_by: !(row.hide_powered_by && canHidePoweredBy(row)),
  };
}
