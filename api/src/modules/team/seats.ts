import { PLANS, type PlanId, type Seats } from '@showback/contract';
import type { Db } from '../../db/database.ts';
import type { AccountRow } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { planRules, type LimitedAccount } from '../billing/billing-state.ts';
import { countMembers, countPendingInvitations } from './team.repository.ts';

export const UPGRADE_URL = '/upgrade';

/** Seats of the effective plan (a trial counts as Growth): members plus unexpired pending invitations. */
export async function seatsOf(db: Db, account: Pick<AccountRow, 'id'> & LimitedAccount, now: Date): Promise<Seats> {
  const used = (await countMembers(db, account.id)) + (await countPendingInvitations(db, account.id, now));
  return { ...seatLimit(account, now), used };
}

/** The user limit in force; null for none (enterprise unless a system admin set one). */
export function seatLimit(account: LimitedAccount, now: Date): { limit: number | null; plan: PlanId } {
  const { plan, seats } = planRules(account, now);
  return { limit: seats, plan };
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
