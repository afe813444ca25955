import type { TrackerId } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { escalateToGitHub, githubEscalationReady } from '../github/github-escalation.ts';
import { escalateToJira, jiraEscalationReady } from '../jira/jira-escalation.ts';
import { escalateToLinear, linearEscalationReady } from '../linear/linear-escalation.ts';
import { TRACKERS } from './tracker-issues.ts';

/** What the helpdesk side needs to escalate: whether members may escalate now, and how. */
interface Escalation {
  ready(ctx: AppContext, accountId: string): Promise<boolean>;
  /** Creates the recording's issue, or updates the one it has: a second escalation never duplicates. */
  escalate(ctx: AppContext, user: { id: string; accountId: string }, submissionId: string): Promise<void>;
}

const ESCALATIONS: Record<TrackerId, Escalation> = {
  linear: {
    ready: linearEscalationReady,
    escalate: async (ctx, user, submissionId) => {
      await escalateToLinear(ctx, user, submissionId, {});
    },
  },
  github: {
    ready: githubEscalationReady,
    escalate: async (ctx, user, submissionId) => {
      await escalateToGitHub(ctx, user, submissionId, {});
    },
  },
  jira: {
    ready: jiraEscalationReady,
    escalate: async (ctx, user, submissionId) => {
      await escalateToJira(ctx, user, submissionId, {});
    },
  },
};

/** The trackers the account's members may escalate to now. */
export async function readyTrackers(ctx: AppContext, accountId: string): Promise<{ id: TrackerId; label: string }[]> {
  const ready = await Promise.all(TRACKERS.map(async (t) => ((await ESCALATIONS[t.id].ready(ctx, accountId)) ? [{ id: t.id, label: t.label }] : [])));
  return ready.flat();
}

export async function escalateTo(ctx: AppContext, tracker: TrackerId, user: { id: string; accountId: string }, submissionId: string): Promise<void> {
  await ESCALATIONS[tracker].escalate(ctx, user, submissionId);
}
