import type { Db } from '../../db/database.ts';
import type { SessionUser } from '../../plugins/auth.ts';

export interface AuditEntry {
  action: string;
  targetType: string;
  targetId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Records what a system admin (or, for share links, a person of an account or Showback itself: id null) did; call it in the transaction that makes the change, so both exist or neither. */
export async function recordAdminAction(db: Db, actor: { id: SessionUser['id'] | null; email: string }, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      actor_user_id: actor.id,
      actor_email: actor.email,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      before: entry.before ? JSON.stringify(entry.before) : null,
      after: entry.after ? JSON.stringify(entry.after) : null,
    })
    .execute();
}
