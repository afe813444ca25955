import type { TrackerId } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { escalateToGitHub, githubEscalationReady } from '../github/github-escalation.ts';
import { escalateToJira, jiraEscalationReady } from '../jira/jira-escalation.ts';
import { escalateToLinear, linearEscalationReady } from '../linear/linear-escalation.ts';

/** An engineering issue a recording was escalated to, as the ticket's note and the helpdesk's app show it. */
export interface TrackerIssue {
  tracker: TrackerId;
  label: string;
  key: string;
  title: string;
  url: string;
  state: string;
}

/** What the helpdesk side needs of a tracker: its issue of a recording, whether members may escalate now, and how. */
interface Tracker {
  id: TrackerId;
  label: string;
  issueOf(db: Db, submissionId: string): Promise<Omit<TrackerIssue, 'tracker' | 'label'> | undefined>;
  ready(ctx: AppContext, accountId: string): Promise<boolean>;
  /** Creates the recording's issue, or updates the one it has: a second escalation never duplicates. */
  escalate(ctx: AppContext, user: { id: string; accountId: string }, submissionId: string): Promise<void>;
}

const TRACKERS: Tracker[] = [
  {
    id: 'linear',
    label: 'Linear',
    issueOf: async (db, submissionId) => {
      const row = await db.selectFrom('linear_issues').select(['identifier', 'title', 'url', 'state_name']).where('submission_id', '=', submissionId).executeTakeFirst();
      return row && { key: row.identifier, title: row.title, url: row.url, state: row.state_name };
    },
    ready: linearEscalationReady,
    escalate: async (ctx, user, submissionId) => {
      await escalateToLinear(ctx, user, submissionId, {});
    },
  },
  {
    id: 'github',
    label: 'GitHub',
    issueOf: async (db, submissionId) => {
      const row = await db.selectFrom('github_issues').select(['repository_full_name', 'issue_number', 'title', 'url', 'state', 'state_reason']).where('submission_id', '=', submissionId).executeTakeFirst();
      const state = row?.state_reason && row.state === 'closed' ? `closed (${row.state_reason.replace('_', ' ')})` : row?.state;
      return row && { key: `${row.repository_full_name}#${row.issue_number}`, title: row.title, url: row.url, state: state! };
    },
    ready: githubEscalationReady,
    escalate: async (ctx, user, submissionId) => {
      await escalateToGitHub(ctx, user, submissionId, {});
    },
  },
  {
    id: 'jira',
    label: 'Jira',
    issueOf: async (db, submissionId) => {
      const row = await db.selectFrom('jira_issues').select(['issue_key', 'title', 'url', 'status_name']).where('submission_id', '=', submissionId).executeTakeFirst();
      return row && { key: row.issue_key, title: row.title, url: row.url, state: row.status_name };
    },
    ready: jiraEscalationReady,
    escalate: async (ctx, user, submissionId) => {
      await escalateToJira(ctx, user, submissionId, {});
    },
  },
];

const trackerOf = (id: TrackerId): Tracker => TRACKERS.find((t) => t.id === id)!;

/** The issues a recording was escalated to, one per tracker at most, in the trackers' order. */
export async function trackerIssuesOf(db: Db, submissionId: string): Promise<TrackerIssue[]> {
  const found = await Promise.all(TRACKERS.map(async (t) => ({ t, issue: await t.issueOf(db, submissionId) })));
  return found.flatMap(({ t, issue }) => (issue ? [{ tracker: t.id, label: t.label, ...issue }] : []));
}

/** The trackers the account's members may escalate to now. */
export async function readyTrackers(ctx: AppContext, accountId: string): Promise<{ id: TrackerId; label: string }[]> {
  const ready = await Promise.all(TRACKERS.map(async (t) => ((await t.ready(ctx, accountId)) ? [{ id: t.id, label: t.label }] : [])));
  return ready.flat();
}

export async function escalateTo(ctx: AppContext, tracker: TrackerId, user: { id: string; accountId: string }, submissionId: string): Promise<void> {
  await trackerOf(tracker).escalate(ctx, user, submissionId);
}
