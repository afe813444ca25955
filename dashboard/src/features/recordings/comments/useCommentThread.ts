import { useEffect } from 'react';
import type { TeamMember } from '@showback/contract';
import { useApiResource } from '../../../app/useApiResource.ts';
import { getTeam } from '../../team/teamApi.ts';
import { getThread, markCommentsRead } from './commentsApi.ts';

/**
 * The recording's comments and review, shared by the markers under the video, the thread and the review controls.
 * Opening the page (and every new comment seen on it) marks the comments read: the list's unread marker goes.
 */
export function useCommentThread(submissionId: string) {
  const thread = useApiResource((signal) => getThread(submissionId, signal), [submissionId]);
  const count = thread.data?.items.length;
  useEffect(() => {
    if (count !== undefined) void markCommentsRead(submissionId).catch(() => undefined);
  }, [submissionId, count]);
  return thread;
}

/** The team, for @mention suggestions and the assignee choice; empty until loaded. */
export function useTeamMembers(): TeamMember[] {
  const team = useApiResource(() => getTeam(), []);
  return team.data?.members ?? [];
}

/** "0:42" or "1:02:03" → milliseconds; undefined for anything else. */
export function parseMoment(text: string): number | undefined {
  const match = /^(?:(\d+):)?(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!match) return undefined;
  const [, h = '0', m = '0', s = '0'] = match;
  if (Number(s) > 59) return undefined;
  return ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000;
}
