import type { TrackerId } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { TRACKERS } from './tracker-issues.ts';

/** What a tracker's provider declares (Provider.tracker): whether members may escalate now, and how. */
export interface Tracker {
  id: TrackerId;
  ready(ctx: AppContext, accountId: string): Promise<boolean>;
  /** Creates the recording's issue, or updates the one it has: a second escalation never duplicates. */
  escalate(ctx: AppContext, user: { id: string; accountId: string }, submissionId: string, input: { title?: string }): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The trackers the app's providers declare (escalation.routes.ts decorates the app with them). */
    trackers: readonly Tracker[];
  }
}

/** The declared trackers in the order notes and the helpdesks' apps list them, with their labels. */
export const listedTrackers = (trackers: readonly Tracker[]): { tracker: Tracker; label: string }[] =>
  TRACKERS.flatMap(({ id, label }) => trackers.filter((t) => t.id === id).map((tracker) => ({ tracker, label })));

/** The trackers the account's members may escalate to now. */
export async function readyTrackers(ctx: AppContext, trackers: readonly Tracker[], accountId: string): Promise<{ id: TrackerId; label: string }[]> {
  const ready = await Promise.all(listedTrackers(trackers).map(async ({ tracker, label }) => ((await tracker.ready(ctx, accountId)) ? [{ id: tracker.id, label }] : [])));
  return ready.flat();
}

export function trackerOf(trackers: readonly Tracker[], id: TrackerId): Tracker {
  const tracker = trackers.find((t) => t.id === id);
  if (!tracker) throw new AppError('NOT_FOUND', `This server has no ${id} integration.`);
  return tracker;
}
