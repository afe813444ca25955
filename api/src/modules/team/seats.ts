import { PLANS, type PlanId, type Seats } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { AccountRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { effectivePlan } from '../billing/billing-state.ts';
import { countMembers, countPendingInvitations } from './team.repository.ts';

export const UPGRADE_URL = '/upgrade';

/** Seats of the effective plan (a trial counts as Growth): members plus unexpired pending invitations. */
export async function seatsOf(db: Db, account: Pick<AccountRow, 'id' | 'plan' | 'trial_ends_at'>, now: Date): Promise<Seats> {
  const used = (await countMembers(db, account.id)) + (await countPendingInvitations(db, account.id, now));
  return { ...seatLimit(account, now), used };
}

/** The user limit of the effective plan; null for none (enterprise). */
export function seatLimit(account: Pick<AccountRow, 'plan' | 'trial_ends_at'>, now: Date): { limit: number | null; plan: PlanId } {
  const { plan } = effectivePlan(account, now);
  return { limit: PLANS[plan].seats, plan };
}

const seatWord = (n: number): string => `${n} seat${n === 1 ? '' : 's'}`;

/**
 * Refuses one more seat when members and pending invitations already fill the plan. After a downgrade `used` may be
 * above the limit: everyone stays, and new invitations wait until removals or revocations make room.
 */
export function assertSeatFree(seats: Seats): void {
  if (seats.limit === null || seats.used < seats.limit) return;
  throw new AppError(
    'SEAT_LIMIT_REACHED',
    `The ${PLANS[seats.plan].name} plan has ${seatWord(seats.limit)}, and members and pending invitations use ${seats.used}. Upgrade for more seats, or remove a member or revoke an invitation first.`,
    { details: { ...seats, upgrade_url: UPGRADE_URL } },
  );
}
