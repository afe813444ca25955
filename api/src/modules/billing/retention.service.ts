import { PLANS, RETENTION_WARNING_DAYS } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { deleteSubmissionRow, findSubmissionById } from '../submissions/submissions.repository.ts';
import { removeSubmissionFiles } from '../submissions/submissions.service.ts';
import { localeDate } from '../users/user-locale.ts';
import { planRules, type LimitedAccount } from './billing-state.ts';
import * as repo from './retention.repository.ts';

const DAY_MS = 86_400_000;
const BATCH = 500;

export interface RetentionRun {
  warned: number;
  emails: number;
  deleted: number;
}

function retentionMs(account: LimitedAccount, now: Date): number | null {
  const days = planRules(account, now).retentionDays;
  return days === null ? null : days * DAY_MS;
}

async function warnAccount(ctx: AppContext, accountId: string, items: Array<{ id: string; created_at: Date; recipient_name: string | null; deletes_at: Date }>): Promise<boolean> {
  const owners = await repo.accountOwners(ctx.db, accountId);
  if (owners.length === 0) return false;
  const first = items.reduce((min, i) => (i.deletes_at < min ? i.deletes_at : min), items[0]!.deletes_at);
  const base = ctx.config.publicUrl;
  for (const owner of owners) {
    const day = (value: Date) => localeDate(value, owner.locale);
    const lines = items.map((i) => `- ${i.recipient_name ?? 'A recording'} from ${day(i.created_at)}, deleted on ${day(i.deletes_at)}: ${base}/my/recordings/${i.id}`);
    const subject = `${items.length} recording${items.length === 1 ? '' : 's'} will be deleted from ${day(first)}`;
    const text = [
      `Your plan keeps recordings for a limited time. These will be deleted, video files included, in ${RETENTION_WARNING_DAYS} days or later:`,
      '',
      ...lines,
      '',
      `Download the MP4s you want to keep, or upgrade for a longer retention: ${base}/upgrade`,
    ].join('\n');
    await ctx.mailer.send({ to: owner.email, subject, text });
  }
  return true;
}

/**
 * Warns owners about submissions that reach their plan's retention within 7 days (one email per account and run,
 * each submission warned once), and deletes submissions — stored files first, then the row — whose retention has
 * passed and whose warning went out at least 7 days ago. A plan change is honoured at deletion time: an upgrade
 * in between saves the recording, a downgrade never deletes anything without the 7-day warning.
 */
export async function runRetention(ctx: AppContext, now = new Date()): Promise<RetentionRun> {
  const run: RetentionRun = { warned: 0, emails: 0, deleted: 0 };
  const horizon = new Date(now.getTime() + RETENTION_WARNING_DAYS * DAY_MS);
  const shortest = Math.min(...Object.values(PLANS).map((p) => p.retentionDays ?? Infinity));

  // Warn: created early enough that even the shortest retention ends before the horizon, and not warned yet.
  const candidates = await repo.unwarnedSubmissions(ctx.db, new Date(horizon.getTime() - shortest * DAY_MS), BATCH);
  const byAccount = new Map<string, Array<{ id: string; created_at: Date; recipient_name: string | null; deletes_at: Date }>>();
  for (const row of candidates) {
    const keep = retentionMs(row, now);
    if (keep === null) continue;
    const due = new Date(new Date(row.created_at).getTime() + keep);
    if (due > horizon) continue;
    const list = byAccount.get(row.account_id) ?? [];
    list.push({ id: row.id, created_at: new Date(row.created_at), recipient_name: row.recipient_name, deletes_at: due < horizon ? horizon : due });
    byAccount.set(row.account_id, list);
  }
  for (const [accountId, items] of byAccount) {
    if (await warnAccount(ctx, accountId, items)) run.emails += 1;
    await repo.recordWarnings(ctx.db, items.map((i) => ({ submission_id: i.id, account_id: accountId, deletes_at: i.deletes_at })));
    run.warned += items.length;
  }

  for (const warning of await repo.dueWarnings(ctx.db, now, BATCH)) {
    const submission = await findSubmissionById(ctx.db, warning.submission_id);
    if (!submission) {
      await repo.forgetWarning(ctx.db, warning.submission_id);
      continue;
    }
    const keep = retentionMs(warning, now);
    if (keep === null || new Date(submission.created_at).getTime() + keep > now.getTime()) {
      // Upgraded since the warning: the recording stays, and is warned about again when its new time comes.
      await repo.forgetWarning(ctx.db, warning.submission_id);
      continue;
    }
    await removeSubmissionFiles(ctx, submission);
    await ctx.db.transaction().execute(async (trx) => {
      if (await deleteSubmissionRow(trx, submission.account_id, submission.id)) {
        if (submission.counted_at) await repo.retireUsage(trx, submission.account_id, new Date(submission.counted_at));
      }
      await repo.forgetWarning(trx, submission.id);
    });
    run.deleted += 1;
  }
  return run;
}
