import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { GitHubConnectionsTable, GitHubIssuesTable } from '../../db/schema.ts';

export type GitHubConnectionRow = Selectable<GitHubConnectionsTable>;
export type GitHubIssueRow = Selectable<GitHubIssuesTable>;

export async function findGitHubConnection(db: Db, accountId: string): Promise<GitHubConnectionRow | undefined> {
  return db.selectFrom('github_connections').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Connecting again replaces the token and clears an error; the repository stays when the GitHub user is the same one. */
export async function saveGitHubConnection(db: Db, row: Insertable<GitHubConnectionsTable>): Promise<void> {
  const { account_id: _account, ...rest } = row;
  const existing = await findGitHubConnection(db, row.account_id);
  const sameUser = existing !== undefined && Number(existing.github_user_id) === Number(row.github_user_id);
  const repository = sameUser ? {} : { repository_id: null, repository_full_name: null, repository_private: null, webhook_id: null };
  await db
    .insertInto('github_connections')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ ...rest, ...repository, error: null, updated_at: new Date() }))
    .execute();
}

export async function updateGitHubConnection(db: Db, accountId: string, values: Updateable<GitHubConnectionsTable>): Promise<void> {
  await db.updateTable('github_connections').set({ ...values, updated_at: new Date() }).where('account_id', '=', accountId).execute();
}

/** Marks the connection broken, unless it was replaced (reconnected) since `accessEncrypted` was read. */
export async function setGitHubError(db: Db, accountId: string, accessEncrypted: string, error: string): Promise<void> {
  await db.updateTable('github_connections').set({ error, updated_at: new Date() }).where('account_id', '=', accountId).where('access_token_encrypted', '=', accessEncrypted).execute();
}

/** Whether another account's connection uses this repository webhook (GitHub keeps one per URL and repository). */
export async function webhookInUseElsewhere(db: Db, accountId: string, webhookId: number): Promise<boolean> {
  const row = await db.selectFrom('github_connections').select('account_id').where('webhook_id', '=', webhookId).where('account_id', '!=', accountId).executeTakeFirst();
  return row !== undefined;
}

export async function deleteGitHubConnection(db: Db, accountId: string): Promise<GitHubConnectionRow | undefined> {
  return db.deleteFrom('github_connections').where('account_id', '=', accountId).returningAll().executeTakeFirst();
}

export async function findGitHubIssue(db: Db, accountId: string, submissionId: string): Promise<GitHubIssueRow | undefined> {
  return db.selectFrom('github_issues').selectAll().where('account_id', '=', accountId).where('submission_id', '=', submissionId).executeTakeFirst();
}

/** The first escalation writes the row; a later one of the same recording counts itself and refreshes what GitHub said. */
export async function saveGitHubIssue(db: Db, row: Insertable<GitHubIssuesTable>): Promise<GitHubIssueRow> {
  const { submission_id: _submission, account_id: _account, created_by: _by, ...rest } = row;
  return db
    .insertInto('github_issues')
    .values(row)
    .onConflict((oc) => oc.column('submission_id').doUpdateSet((eb) => ({ ...rest, escalations: eb('github_issues.escalations', '+', 1), updated_at: new Date() })))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** What GitHub sent about an issue: every recording escalated to it shows it. Answers the recordings whose state changed. */
export async function setIssueState(
  db: Db,
  repositoryId: number,
  issueNumber: number,
  values: { state: 'open' | 'closed'; state_reason: string | null; title: string; url: string; repository_full_name: string },
): Promise<{ account_id: string; submission_id: string }[]> {
  const ofIssue = db.selectFrom('github_issues').where('repository_id', '=', repositoryId).where('issue_number', '=', issueNumber);
  const moved = await ofIssue
    .select(['account_id', 'submission_id'])
    .where((eb) => eb.or([eb('state', '!=', values.state), eb('state_reason', 'is distinct from', values.state_reason)]))
    .execute();
  await db.updateTable('github_issues').set({ ...values, updated_at: new Date() }).where('repository_id', '=', repositoryId).where('issue_number', '=', issueNumber).execute();
  return moved;
}

/** True the first time this X-GitHub-Delivery id is seen, by any process. */
export async function claimDelivery(db: Db, deliveryId: string): Promise<boolean> {
  const row = await db.insertInto('github_webhook_deliveries').values({ delivery_id: deliveryId }).onConflict((oc) => oc.column('delivery_id').doNothing()).returning('delivery_id').executeTakeFirst();
  return row !== undefined;
}
