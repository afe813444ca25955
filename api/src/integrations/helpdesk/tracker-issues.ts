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
  return linear.map((i) => ({ tracker: 'Linear', key: i.identifier, title: i.title, url: i.url, state: i.state_name }));
}
