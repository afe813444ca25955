import type { Db } from '../../db/database.ts';

/** An engineering issue a recording was escalated to, as the ticket's note names it. */
export interface TrackerIssue {
  tracker: string;
  key: string;
  title: string;
  url: string;
  state: string;
}

/** The issues a recording was escalated to, oldest first (each tracker keeps one issue per recording). */
export async function trackerIssuesOf(db: Db, submissionId: string): Promise<TrackerIssue[]> {
  const linear = await db.selectFrom('linear_issues').select(['identifier', 'title', 'url', 'state_name']).where('submission_id', '=', submissionId).execute();
  const github = await db.selectFrom('github_issues').select(['repository_full_name', 'issue_number', 'title', 'url', 'state', 'state_reason']).where('submission_id', '=', submissionId).execute();
  return [
    ...linear.map((i) => ({ tracker: 'Linear', key: i.identifier, title: i.title, url: i.url, state: i.state_name })),
    ...github.map((i) => ({ tracker: 'GitHub', key: `${i.repository_full_name}#${i.issue_number}`, title: i.title, url: i.url, state: i.state_reason && i.state === 'closed' ? `closed (${i.state_reason.replace('_', ' ')})` : i.state })),
  ];
}
