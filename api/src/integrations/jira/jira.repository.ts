import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { JiraConnectionsTable, JiraIssuesTable } from '../../db/schema.ts';

export type JiraConnectionRow = Selectable<JiraConnectionsTable>;
export type JiraIssueRow = Selectable<JiraIssuesTable>;

export async function findJiraConnection(db: Db, accountId: string): Promise<JiraConnectionRow | undefined> {
  return db.selectFrom('jira_connections').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

const NO_PROJECT = { project_id: null, project_key: null, project_name: null, issue_type_id: null, issue_type_name: null } as const;

/**
 * Connecting again replaces the tokens and clears an error; the project (and its webhook) stays when the site is the
 * same one. Answers the row as it was before, so a webhook left on another site can be removed.
 */
export async function saveJiraConnection(db: Db, row: Insertable<JiraConnectionsTable>): Promise<JiraConnectionRow | undefined> {
  const { account_id: _account, ...rest } = row;
  const existing = await findJiraConnection(db, row.account_id);
  const sameSite = existing?.cloud_id === row.cloud_id;
  const project = sameSite ? {} : { ...NO_PROJECT, webhook_id: null, webhook_expires_at: null };
  await db
    .insertInto('jira_connections')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...rest, ...project, error: null, updated_at: new Date() }))
    .execute();
  return existing;
}

export async function updateJiraConnection(db: Db, accountId: string, values: Updateable<JiraConnectionsTable>): Promise<void> {
  await db.updateTable('jira_connections').set({ ...values, updated_at: new Date() }).where('account_id', '=', accountId).execute();
}

export const clearedProject = { ...NO_PROJECT };

/** Marks the connection broken, unless it was replaced (reconnected) since `accessEncrypted` was read. */
export async function setJiraError(db: Db, accountId: string, accessEncrypted: string, error: string): Promise<void> {
  await db.updateTable('jira_connections').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('access_token_encrypted', '=', accessEncrypted).execute();
}

export async function deleteJiraConnection(db: Db, accountId: string): Promise<JiraConnectionRow | undefined> {
  return db.deleteFrom('jira_connections').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

/** Connections whose webhook lapses before `before` (Jira drops dynamic webhooks 30 days after their last refresh). */
export async function connectionsWithWebhookDue(db: Db, before: Date): Promise<JiraConnectionRow[]> {
  return db.selectFrom('jira_connections').selectAll().where('webhook_id', 'is not', null).where('error', 'is', null).where('webhook_expires_at', '<', before).execute();
}

export async function findJiraIssue(db: Db, accountId: string, submissionId: string): Promise<JiraIssueRow | undefined> {
  return db.selectFrom('jira_issues').selectAll().where('account_id', '=', accountId).where('submission_id', '=', submissionId).executeTakeFirst();
}

/** The first escalation writes the row; a later one of the same recording counts itself and refreshes what Jira said. */
export async function saveJiraIssue(db: Db, row: Insertable<JiraIssuesTable>): Promise<JiraIssueRow> {
  const { submission_id: _submission, account_id: _account, created_by: _by, ...rest } = row;
  return db
    .insertInto('jira_issues')
    .values(row)
    .onConflict((oc) => oc.column('submission_id').doUpdateSet((eb) => ({ ...rest, escalations: eb('jira_issues.escalations', '+', 1), updated_at: new Date() })))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A status Jira sent through one of the webhooks in `webhookIds`: every recording escalated to that issue, on a site
 * whose connection registered one of those webhooks, shows it. Answers the recordings whose issue changed status.
 */
export async function setIssueStatus(db: Db, webhookIds: string[], issueId: string, values: { status_name: string; status_category: string; title?: string; issue_key?: string }): Promise<{ account_id: string; submission_id: string }[]> {
  if (webhookIds.length === 0) return [];
  const moved = await db
    .selectFrom('jira_issues')
    .select(['account_id', 'submission_id'])
    .where('issue_id', '=', issueId)
    .where('status_name', '!=', values.status_name)
    .where('cloud_id', 'in', (eb) => eb.selectFrom('jira_connections').select('cloud_id').where('webhook_id', 'in', webhookIds))
    .execute();
  await db
    .updateTable('jira_issues')
    .set({ ...values, updated_at: new Date() })
    .where('issue_id', '=', issueId)
    .where('cloud_id', 'in', (eb) => eb.selectFrom('jira_connections').select('cloud_id').where('webhook_id', 'in', webhookIds))
    .execute();
  return moved;
}
