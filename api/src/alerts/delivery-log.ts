import type { AlertDelivery } from '@showback/contract';
import type { DeliveryLogRow } from './alert-deliveries.repository.ts';
import { iso } from '../db/iso.ts';

/** A delivery as the logs show it: a webhook endpoint's, a helpdesk's sync log, the admins' list of every account's. */
export function toDelivery(row: DeliveryLogRow): AlertDelivery {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    submission_id: row.submission_id,
    status: row.status,
    attempts: row.attempts,
    next_attempt_at: iso(row.next_attempt_at),
    last_attempt_at: iso(row.last_attempt_at),
    last_status: row.last_status,
    last_excerpt: row.last_excerpt,
    duration_ms: row.duration_ms,
    created_at: iso(row.created_at),
  };
}
