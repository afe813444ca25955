import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LinearConnectionsTable, LinearIssuesTable } from '../../db/schema.ts';

export type LinearConnectionRow = Selectable<LinearConnectionsTable>;
export type LinearIssueRow = Selectable<LinearIssuesTable>;

export async function findLinearConnection(db: Db, accountId: string): Promise<LinearConnectionRow | undefined> {
  return db.selectFrom('linear_connections').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Connecting again replaces the tokens and clears an error; the team stays when the workspace is the same one. */
export async function saveLinearConnection(db: Db, row: Insertable<LinearConnectionsTable>): Promise<void> {
  const { account_id: _account, ...rest } = row;
  const existing = await findLinearConnection(db, row.account_id);
  const sameWorkspace = existing?.organization_id === row.organization_id;
  const team = sameWorkspace ? {} : { team_id: null, team_key: null, team_name: null };
  await db
    .insertInto('linear_connections')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...rest, ...team, error: null, updated_at: new Date() }))
    .execute();
}

export async function updateLinearConnection(db: Db, accountId: string, values: Updateable<LinearConnectionsTable>): Promise<void> {
  await db.updateTable('linear_connections').set({ ...values, updated_at: new Date() }).where('account_id', '=', accountId).execute();
}

/** Marks the connection broken, unless it was replaced (reconnected) since `accessEncrypted` was read. */
export async function setLinearError(db: Db, accountId: string, accessEncrypted: string, error: string): Promise<void> {
  await db.updateTable('linear_connections').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('access_token_encrypted', '=', accessEncrypted).execute();
}

export async function deleteLinearConnection(db: Db, accountId: string): Promise<LinearConnectionRow | undefined> {
  return db.deleteFrom('linear_connections').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

export async function findLinearIssue(db: Db, accountId: string, submissionId: string): Promise<LinearIssueRow | undefined> {
  return db.selectFrom('linear_issues').selectAll().where('account_id', '=', accountId).where('submission_id', '=', submissionId).executeTakeFirst();
}

/** The first escalation writes the row; a later one of the same recording counts itself and refreshes what Linear said. */
export async function saveLinearIssue(db: Db, row: Insertable<LinearIssuesTable>): Promise<LinearIssueRow> {
  const { submission_id: _submission, account_id: _account, created_by: _by, ...rest } = row;
  return db
    .insertInto('linear_issues')
    .values(row)
    .onConflict((oc) => oc.column('submission_id').doUpdateSet((eb) => ({ ...rest, escalations: eb('linear_issues.escalations', '+', 1), updated_at: new Date() })))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What Linear sent about an issue: every recording escalated to it shows it. Answers the recordings whose state changed. */
export async function setIssueState(
  db: Db,
  organizationId: string,
  issueId: string,
  values: { state_name: string; state_type: string; title?: string; identifier?: string; url?: string },
): Promise<{ account_id: string; submission_id: string }[]> {
  const ofIssue = db.selectFrom('linear_issues').where('organization_id', '=', organizationId).where('issue_id', '=', issueId);
  const moved = await ofIssue.select(['account_id', 'submission_id']).where('state_name', '!=', values.state_name).execute();
  await db.updateTable('linear_issues').set({ ...values, updated_at: new Date() }).where('organization_id', '=', organizationId).where('issue_id', '=', issueId).execute();
  return moved;
}

/** True the first time this Linear-Delivery id is seen, by any process. */
export async function claimDelivery(db: Db, deliveryId: string): Promise<boolean> {
  const row = await db.insertInto('linear_webhook_deliveries').values({ delivery_id: deliveryId }).onConflict((oc) => oc.column('delivery_id').doNothing()).returning('delivery_id').executeTakeFirst();
  return row !== undefined;
}
