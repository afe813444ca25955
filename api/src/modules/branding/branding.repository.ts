import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AccountBrandingTable } from '../../db/schema.ts';

export type BrandingChange = Omit<Updateable<AccountBrandingTable>, 'account_id' | 'updated_at'>;

/** The account (name and plan, for the defaults and the plan check) with its branding row, if it has one. */
export async function findAccountBranding(db: Db, accountId: string) {
  return db
    .selectFrom('accounts as a')
    .leftJoin('account_branding as b', 'b.account_id', 'a.id')
    .select(['a.name', 'a.plan', 'a.trial_ends_at', 'b.business_name', 'b.brand_color', 'b.logo_key', 'b.logo_width', 'b.logo_height', 'b.hide_powered_by'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
}

export type AccountBrandingRecord = NonNullable<Awaited<ReturnType<typeof findAccountBranding>>>;

/** Creates the row on the first change; later changes touch only the columns given. */
export async function saveBranding(db: Db, accountId: string, change: BrandingChange): Promise<void> {
  await db
    .insertInto('account_branding')
    .values({ account_id: accountId, ...change })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...change, updated_at: new Date() }))
    .execute();
}

/** Swaps the logo and returns the key it replaced, read under a row lock so two uploads cannot both keep theirs. */
export async function replaceLogo(db: Db, accountId: string, logo: { key: string; width: number; height: number } | null): Promise<string | null> {
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('account_branding').values({ account_id: accountId }).onConflict((oc) => oc.column('account_id').doNothing()).execute();
    const before = await trx.selectFrom('account_branding').select('logo_key').where('account_id', '=', accountId).forUpdate().executeTakeFirstOrThrow();
    await trx
      .updateTable('account_branding')
      .set({ logo_key: logo?.key ?? null, logo_width: logo?.width ?? null, logo_height: logo?.height ?? null, updated_at: new Date() })
      .where('account_id', '=', accountId)
      .execute();
    return before.logo_key;
  });
}

export async function logoExists(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom('account_branding').select('account_id').where('logo_key', '=', key).executeTakeFirst();
  return row !== undefined;
}
