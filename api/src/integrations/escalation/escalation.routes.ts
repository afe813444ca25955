import { Type } from 'typebox';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EscalateRecordingSchema, RecordingIssuesSchema, TicketIssueSchema } from '@showback/contract';
import { AppError } from '../../errors.ts';
import { getSubmissionRecord } from '../../modules/submissions/submissions.service.ts';
import { requireUser } from '../../plugins/auth.ts';
import { errors, rateLimited, upstream } from '../kit/route-preset.ts';
import { requestListRoutes } from './request-list.routes.ts';
import { trackerIssuesOf } from './tracker-issues.ts';
import { listedTrackers, trackerOf, type Tracker } from './trackers.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/**
 * Escalation from a recording's page, one shape for every tracker the providers declare: `GET …/issues` lists them with
 * the recording's issue in each, `POST …/issues` with `{ tracker }` creates (or updates) it. The app is decorated with
 * the trackers at its root, where the helpdesks' ticket routes and Intercom's inbox app find them; the request list the
 * issues link to comes with them. Each tracker's older `…/{tracker}_issue` pair stays in its own routes, for the pages
 * and apps already out there.
 */
export function escalationRoutes(trackers: readonly Tracker[]): FastifyPluginAsync {
  const routes: FastifyPluginAsyncTypebox = async (app) => {
    app.decorate('trackers', trackers);
    await app.register(requestListRoutes);
    const tags = ['submissions'];

    app.get('/api/v1/submissions/:id/issues', { preValidation: requireUser, schema: { tags, params: IdParams, response: { 200: RecordingIssuesSchema, ...errors } } }, async (request) => {
      const submission = await getSubmissionRecord(app.ctx, request.user.accountId, request.params.id);
      const issues = await trackerIssuesOf(app.ctx.db, submission.id);
      const items = listedTrackers(trackers).map(async ({ tracker, label }) => ({
        tracker: tracker.id,
        label,
        can_create: await tracker.ready(app.ctx, request.user.accountId),
        issue: issues.find((i) => i.tracker === tracker.id) ?? null,
      }));
      return { items: await Promise.all(items) };
    });

    app.post(
      '/api/v1/submissions/:id/issues',
      { preValidation: requireUser, schema: { tags, params: IdParams, body: EscalateRecordingSchema, response: { 200: TicketIssueSchema, ...errors, ...upstream, ...rateLimited } } },
      async (request) => {
        const { tracker, title } = request.body;
        await trackerOf(trackers, tracker).escalate(app.ctx, { id: request.user.id, accountId: request.user.accountId }, request.params.id, { title });
        const issue = (await trackerIssuesOf(app.ctx.db, request.params.id)).find((i) => i.tracker === tracker);
        if (!issue) throw new AppError('UPSTREAM_FAILED', 'The tracker did not keep the issue.');
        return issue;
      },
    );
  };
  // Not encapsulated, so every other plugin sees the decoration.
  return fp(routes);
}
