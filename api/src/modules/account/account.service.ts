import { sql } from 'kysely';
import type { UpdateAccountBody } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { validationFailed } from '../../errors.ts';

export async function updateAccount(ctx: AppContext, accountId: string, body: UpdateAccountBody): Promise<void> {
  const name = body.name?.trim();
  if (body.name !== undefined && !name) throw validationFailed({ name: ["can't be blank"] });
  const details: Record<string, string | null> = {};
  if (body.company_size !== undefined) details.company_size = body.company_size || null;
  if (body.use_case !== undefined) details.use_case = body.use_case || null;
  await ctx.db
    .updateTable('accounts')
    .set({
      ...(name ? { name } : {}),
      // Merged in SQL so answers stored by another request (or another field) are kept.
      details: sql`details || ${JSON.stringify(details)}::jsonb`,
      updated_at: new Date(),
    })
    .where('id', '=', accountId)
    .execute();
}

export async function completeOnboarding(ctx: AppContext, accountId: string): Promise<void> {
  await ctx.db.updateTable('accounts').set({ onboarding_completed: true, updated_at: new Date() }).where('id', '=', accountId).execute();
}
