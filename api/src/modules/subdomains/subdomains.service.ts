import { RESERVED_SUBDOMAINS, subdomainNameProblems, type AccountSubdomain } from '@showback/contract';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { AppError, validationFailed } from '../../errors.ts';
import { isUniqueViolation } from '../users/users.service.ts';
import * as repo from './subdomains.repository.ts';
import { includesSubdomain, mayClaim, subdomainStatus } from './subdomain-status.ts';
import { iso } from '../../db/iso.ts';

/** https://<name>.<base domain>: PUBLIC_URL's scheme and port, so a proxy serving both needs no second setting. */
export function subdomainOrigin(config: Readonly<Config>, name: string): string {
  const main = new URL(config.publicUrl);
  return `${main.protocol}//${name}.${config.brandedBaseDomain}${main.port ? `:${main.port}` : ''}`;
}

/** The label of the product's own host when it lies directly under the base domain (app in app.showback.example). */
function ownLabel(config: Readonly<Config>): string | undefined {
  const host = new URL(config.publicUrl).hostname;
  const suffix = `.${config.brandedBaseDomain}`;
  return host.endsWith(suffix) ? host.slice(0, -suffix.length) : undefined;
}

/** A name no account may hold: the documented list and the product's own host label. */
export function isReservedName(config: Readonly<Config>, name: string): boolean {
  return RESERVED_SUBDOMAINS.includes(name) || name === ownLabel(config);
}

const featureOff = (): AppError =>
  new AppError('CONFLICT', 'Branded subdomains are not set up on this server. The operator has to set BRANDED_BASE_DOMAIN first.');

export async function getAccountSubdomain(ctx: AppContext, accountId: string, now = new Date()): Promise<AccountSubdomain> {
  const { config } = ctx;
  const row = await repo.findForAccount(ctx.db, accountId);
  const base = { base_domain: config.brandedBaseDomain ?? null, can_claim: Boolean(config.brandedBaseDomain) && mayClaim(row, now) };
  if (!config.brandedBaseDomain || row.name === null || row.created_at === null) return { ...base, subdomain: null };
  const status = subdomainStatus(row, row.activated_at, now);
  if (status === 'lapsed') return { ...base, subdomain: null };
  if (status === 'active' && !row.activated_at) await repo.markActivated(ctx.db, accountId);
  return { ...base, subdomain: { name: row.name, status, origin: subdomainOrigin(config, row.name), created_at: iso(row.created_at) } };
}

/**
 * Picks or renames the account's subdomain. Two accounts claiming one name at once: the unique index on lower(name)
 * lets one insert through and the other gets "is taken". A trial's lapsed preview claim is freed first.
 */
export async function claimSubdomain(ctx: AppContext, accountId: string, requested: string, now = new Date()): Promise<AccountSubdomain> {
  const { config } = ctx;
  if (!config.brandedBaseDomain) throw featureOff();
  const account = await repo.findForAccount(ctx.db, accountId);
  if (!mayClaim(account, now)) {
    throw new AppError('PLAN_REQUIRED', 'A branded subdomain is part of the Scale and Enterprise plans. Upgrade to pick one.', { details: { upgrade_url: '/upgrade' } });
  }
  // DNS names are case-insensitive: "Acme" is the label acme.
  const name = requested.trim().toLowerCase();
  const problems = subdomainNameProblems(name);
  if (!problems.length && isReservedName(config, name)) problems.push('is reserved');
  if (problems.length) throw validationFailed({ name: problems });
  const holder = await repo.findByName(ctx.db, name);
  if (holder && holder.account_id !== accountId && subdomainStatus(holder, holder.activated_at, now) === 'lapsed') {
    await repo.deleteLapsed(ctx.db, holder.account_id);
  }
  try {
    await repo.upsert(ctx.db, accountId, name, includesSubdomain(account, now) ? now : null);
  } catch (error) {
    if (isUniqueViolation(error)) throw validationFailed({ name: ['is taken by another account'] });
    throw error;
  }
  return getAccountSubdomain(ctx, accountId, now);
}

/** Gives the name up: links on it stop working at once, those on the default host keep working. */
export async function releaseSubdomain(ctx: AppContext, accountId: string): Promise<AccountSubdomain> {
  await repo.deleteForAccount(ctx.db, accountId);
  return getAccountSubdomain(ctx, accountId);
}

/** Where the account's recorder links point: its active subdomain, else PUBLIC_URL. */
export async function recorderLinkBase(ctx: AppContext, accountId: string, now = new Date()): Promise<string> {
  if (!ctx.config.brandedBaseDomain) return ctx.config.publicUrl;
  const row = await repo.findForAccount(ctx.db, accountId);
  if (row.name === null || !includesSubdomain(row, now)) return ctx.config.publicUrl;
  if (!row.activated_at) await repo.markActivated(ctx.db, accountId);
  return subdomainOrigin(ctx.config, row.name);
}
