import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { create as contentDisposition } from 'content-disposition';
import { AppError } from '../../errors.ts';
import { getSubmissionRecord } from '../../modules/submissions/submissions.service.ts';
import { listEvents } from '../../modules/widget/widget.repository.ts';
import { requireUser } from '../../plugins/auth.ts';
import { requestListFile } from './request-list-har.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });

/** The link an issue carries to a recording's request list when the tracker takes no file (GitHub). */
export const requestListPath = (submissionId: string): string => `/api/v1/submissions/${submissionId}/requests.har`;

/**
 * The recording's request list as a HAR file, for the account's signed-in members only, like the recording itself:
 * an issue may sit in a public repository, and the list goes when the recording is deleted.
 */
export const requestListRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/api/v1/submissions/:id/requests.har', { preValidation: requireUser, schema: { tags: ['submissions'], params: IdParams } }, async (request, reply) => {
    const submission = await getSubmissionRecord(app.ctx, request.user.accountId, request.params.id);
    const file = requestListFile(await listEvents(app.ctx.db, submission.id), { ...submission, duration_ms: submission.duration_ms ?? submission.client_duration_ms });
    if (!file) throw new AppError('NOT_FOUND', 'This recording captured no network request.');
    reply.header('Content-Disposition', contentDisposition(file.filename)).header('Cache-Control', 'private, no-store');
    return reply.type('application/json; charset=utf-8').send(file.bytes);
  });
};
