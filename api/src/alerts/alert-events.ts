import { sql } from 'kysely';
import type { AlertEventType } from '@showback/contract';
import type { Db } from '../db/database.ts';

/** The NOTIFY channel that wakes dispatchers; Postgres and PGlite deliver it at commit, never after a rollback. */
export const ALERT_EVENTS_CHANNEL = 'showback_alert_events';

export interface NewAlertEvent {
  accountId: string;
  /**
   * submission.escalated is the product's own, never offered to webhooks: an issue the recording was escalated to was
   * created or changed state, news for the helpdesk notes.
   */
  type: AlertEventType | 'webhook.test' | 'submission.escalated' | 'comment.mentioned';
  submissionId?: string;
  /**
   * What the event says beyond its recording, fixed when it happened (a review change's before and after, the comment
   * and members of a mention). comment.mentioned is the product's own too: email and Slack tell the members named.
   */
  data?: Record<string, unknown>;
  /** An event for one target only (a webhook endpoint's test event). */
  only?: { channel: string; target: string };
}

/**
 * Writes an event to the outbox. Call it with the transaction that makes the change the event describes: it exists
 * exactly when that change committed, and the dispatchers hear of it at that commit.
 */
export async function recordAlertEvent(trx: Db, event: NewAlertEvent): Promise<string> {
  const row = await trx
    .insertInto('alert_events')
    .values({
      account_id: event.accountId,
      type: event.type,
      submission_id: event.submissionId ?? null,
      only: event.only ? JSON.stringify(event.only) : null,
      data: event.data ? JSON.stringify(event.data) : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await wakeDispatchers(trx);
  return row.id;
}

/** Wakes every dispatcher (at commit when `db` is a transaction). */
export async function wakeDispatchers(db: Db): Promise<void> {
  await sql`select pg_notify(${ALERT_EVENTS_CHANNEL}, '')`.execute(db);
}
