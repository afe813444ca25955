import { Type } from 'typebox';
import type { Db } from '../db/database.ts';
import { defineJob } from './job.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Credentials that expire: kept a day past their expiry, so that a late visitor is told "expired" rather than
 * "unknown", then deleted. Nothing else reads an expired row.
 */
const EXPIRING = ['sessions', 'password_resets', 'widget_sessions', 'share_link_codes', 'share_link_sessions'] as const;

/** Deletes the rows of expired credentials and of rate-limit windows an hour past their end. */
export async function sweepExpired(db: Db): Promise<void> {
  const dayAgo = new Date(Date.now() - 24 * HOUR_MS);
  for (const table of EXPIRING) await db.deleteFrom(table).where('expires_at', '<', dayAgo).execute();
  // A window past its end is rewritten when its key comes back (plugins/rate-limit.ts); the others are only litter.
  await db.deleteFrom('rate_limits').where('expires_at', '<', new Date(Date.now() - HOUR_MS)).execute();
}

/** Hourly, so that the tables of short-lived credentials stay the size of what is still valid. */
export const sweepExpiredJob = defineJob({
  name: 'sweep-expired',
  schema: Type.Object({}),
  retryLimit: 3,
  retryDelaySeconds: 60,
  expireInSeconds: 15 * 60,
  schedule: { cron: '30 * * * *' },
  handler: (_payload, ctx) => sweepExpired(ctx.db),
});
