import type { TrackerId } from '@showback/contract';
import type { Db } from '../../db/database.ts';

/** An engineering issue a recording was escalated to, as the ticket's note and the helpdesk's app show it. */
export interface TrackerIssue {
  tracker: TrackerId;
  label: string;
  key: string;
  title: string;
  url: string;
  state: string;
}

/** The trackers a recording can be escalated to, in the order notes and the helpdesks' apps list them. */
export const TRACKERS: readonly { id: TrackerId; label: string }[] = [
  { id: 'linear', label: 'Linear' },
  { id: 'github', label: 'GitHub' },
  { id: 'jira', label: 'Jira' },
];

type IssueOf = (db: Db, submissionId: string) => Promise<Omit<TrackerIssue, 'tracker' | 'label'> | undefined>;

// Reads only the trackers' issue tables: listing issues must not load the trackers' clients (trackers.ts does).
const ISSUE_OF: Record<TrackerId, IssueOf> = {
  linear: async (db, submissionId) => {
    const row = await db.selectFrom('linear_issues').select(['identifier', 'title', 'url', 'state_name']).where('submission_id', '=', submissionId).executeTakeFirst();
    return row && { key: row.identifier, title: row.title, url: row.url, state: row.state_name };
  },
  github: async (db, submissionId) => {
    const row = await db.selectFrom('github_issues').select(['repository_full_name', 'issue_number', 'title', 'url', 'state', 'state_reason']).where('submission_id', '=', submissionId).executeTakeFirst();
    const state = row?.state_reason && row.state === 'closed' ? `closed (${row.state_reason.replace('_', ' ')})` : row?.state;
    return row && { key: `${row.repository_full_name}#${row.issue_number}`, title: row.title, url: row.url, state: state! };
  },
  jira: async (db, submissionId) => {
    const row = await db.selectFrom('jira_issues').select(['issue_key', 'title', 'url', 'status_name']).where('submission_id', '=', submissionId).executeTakeFirst();
    return row && { key: row.issue_key, title: row.title, url: row.url, state: row.status_name };
  },
};

/** The issues a recording was escalated to, one per tracker at most, in the trackers' order. */
export async function trackerIssuesOf(db: Db, submissionId: string): Promise<TrackerIssue[]> {
  const found = await Promise.all(TRACKERS.map(async (t) => ({ t, issue: await ISSUE_OF[t.id](db, submissionId) })));
  return found.flatMap(({ t, issue }) => (issue ? [{ tracker: t.id, label: t.label, ...issue }] : []));
}
