import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { CommentSchema, CreateCommentSchema, ErrorBodySchema, RequestShareCodeSchema, SharedCommentThreadSchema, SharedLinkInfoSchema, SubmissionEventsSchema, SubmissionSchema, SummarySchema, TranscriptSchema, VerifyShareCodeSchema } from '@showback/contract';
import { AppError } from '../../errors.ts';
import { playable } from '../submissions/playable.ts';
import { sendStoredFile } from '../submissions/send-stored-file.ts';
import { getSubmissionRecord, toSubmission } from '../submissions/submissions.service.ts';
import { getSummary } from '../summaries/summaries.service.ts';
import { sendCaptions } from '../transcripts/transcripts.routes.ts';
import { getTranscript, readySegments } from '../transcripts/transcripts.service.ts';
import { getSubmissionEvents } from '../widget/submission-context.ts';
import { addComment, getThread, guestMentionable, type CommentAuthor } from '../comments/comments.service.ts';
import { countGuestComment, linkInfo, requireGuest, requireViewer, sendCode, verifyCode } from './shared-viewer.service.ts';

const TokenParams = Type.Object({ token: Type.String({ maxLength: 200 }) });

/** Shared pages are for the people they were sent to: no search engine indexes them, no cache keeps them. */
const privateAnswer = (reply: FastifyReply): void => {
  reply.header('X-Robots-Tag', 'noindex, nofollow');
  reply.header('Cache-Control', 'private, no-store');
};

/**
 * What a share link reaches (`/s/<token>` in the browser): its one recording's read data, answered by the same
 * services and serializers as the owner's routes (so redaction is the same), with the recording's URLs pointing
 * here. Nothing else of the account is reachable with the token; the one write is a verified guest's comment, on a
 * link that allows comments, through the comments service.
 */
export const sharedRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['shared recordings'];
  const base = (token: string): string => `/api/v1/public/shares/${encodeURIComponent(token)}`;
  const rebase = (url: string | null, submissionId: string, token: string): string | null => url && url.replace(`/api/v1/submissions/${submissionId}`, base(token));
  const viewer = async (request: Parameters<typeof requireViewer>[0], reply: FastifyReply, token: string) => {
    privateAnswer(reply);
    return requireViewer(request, token);
  };
  const errors = { 401: ErrorBodySchema, 404: ErrorBodySchema, 410: ErrorBodySchema };

  app.get('/api/v1/public/shares/:token', {
    schema: { tags, params: TokenParams, response: { 200: SharedLinkInfoSchema, 404: ErrorBodySchema, 410: ErrorBodySchema } },
  }, async (request, reply) => {
    privateAnswer(reply);
    return linkInfo(request, request.params.token);
  });

  app.post('/api/v1/public/shares/:token/codes', {
    schema: { tags, params: TokenParams, body: RequestShareCodeSchema, response: { 202: Type.Null(), 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 410: ErrorBodySchema, 429: ErrorBodySchema } },
  }, async (request, reply) => {
    privateAnswer(reply);
    await sendCode(request, request.params.token, request.body.email);
    return reply.status(202).send(null);
  });

  app.post('/api/v1/public/shares/:token/sessions', {
    schema: { tags, params: TokenParams, body: VerifyShareCodeSchema, response: { 200: SharedLinkInfoSchema, 404: ErrorBodySchema, 410: ErrorBodySchema, 422: ErrorBodySchema, 429: ErrorBodySchema } },
  }, async (request, reply) => {
    privateAnswer(reply);
    return verifyCode(request, reply, request.params.token, request.body.email, request.body.code);
  });

  app.get('/api/v1/public/shares/:token/recording', { schema: { tags, params: TokenParams, response: { 200: SubmissionSchema, ...errors } } }, async (request, reply) => {
    const { link } = await viewer(request, reply, request.params.token);
    const submission = toSubmission(await getSubmissionRecord(app.ctx, link.account_id, link.submission_id));
    const at = (url: string | null) => rebase(url, link.submission_id, request.params.token);
    // The shared page plays the video; saving it, and the list's thumbnails, stay the owner's.
    return { ...submission, poster_url: at(submission.poster_url), video_url: at(submission.video_url), download_url: null, thumbnail_url: null, thumbnail_2x_url: null };
  });

  app.get('/api/v1/public/shares/:token/events', { schema: { tags, params: TokenParams, response: { 200: SubmissionEventsSchema, ...errors } } }, async (request, reply) => {
    const { link } = await viewer(request, reply, request.params.token);
    return getSubmissionEvents(app.ctx, link.account_id, link.submission_id);
  });

  app.get('/api/v1/public/shares/:token/transcript', { schema: { tags, params: TokenParams, response: { 200: TranscriptSchema, ...errors } } }, async (request, reply) => {
    const { link } = await viewer(request, reply, request.params.token);
    const transcript = await getTranscript(app.ctx, link.account_id, link.submission_id);
    return { ...transcript, captions_url: rebase(transcript.captions_url, link.submission_id, request.params.token), text_url: null };
  });

  app.get('/api/v1/public/shares/:token/summary', { schema: { tags, params: TokenParams, response: { 200: SummarySchema, ...errors } } }, async (request, reply) => {
    const { link } = await viewer(request, reply, request.params.token);
    return getSummary(app.ctx, link.account_id, link.submission_id);
  });

  app.get('/api/v1/public/shares/:token/captions.vtt', { schema: { tags, params: TokenParams } }, async (request, reply) => {
    const { link } = await viewer(request, reply, request.params.token);
    sendCaptions(reply, await readySegments(app.ctx, link.account_id, link.submission_id));
    return reply.header('Cache-Control', 'private, no-store');
  });

  app.get('/api/v1/public/shares/:token/video', { schema: { tags, params: TokenParams } }, async (request, reply) => {
    const { link } = await viewer(request, reply, request.params.token);
    const { key, type } = await playable(app.ctx.storage, await getSubmissionRecord(app.ctx, link.account_id, link.submission_id));
    if (!type.playable) throw new AppError('NOT_FOUND', 'This recording has no video to play yet.');
    return sendStoredFile(app.ctx.storage, request, reply, { key, contentType: type.contentType });
  });

  app.get('/api/v1/public/shares/:token/poster.jpg', { schema: { tags, params: TokenParams } }, async (request, reply) => {
    const { link } = await viewer(request, reply, request.params.token);
    const row = await getSubmissionRecord(app.ctx, link.account_id, link.submission_id);
    if (!row.poster_key) throw new AppError('NOT_FOUND', 'This recording has no poster yet.');
    return sendStoredFile(app.ctx.storage, request, reply, { key: row.poster_key, contentType: 'image/jpeg' });
  });

  const guest = async (request: Parameters<typeof requireViewer>[0], reply: FastifyReply, token: string) => {
    privateAnswer(reply);
    const grant = await requireGuest(request, token);
    const author: CommentAuthor = { kind: 'guest', accountId: grant.link.account_id, email: grant.email, name: null, shareLinkId: grant.link.id };
    return { grant, author };
  };
  const guestErrors = { ...errors, 403: ErrorBodySchema };

  app.get('/api/v1/public/shares/:token/comments', {
    schema: { tags, summary: "The recording's comments, for a verified guest of a link that allows comments", params: TokenParams, response: { 200: SharedCommentThreadSchema, ...guestErrors } },
  }, async (request, reply) => {
    const { grant, author } = await guest(request, reply, request.params.token);
    const thread = await getThread(app.ctx, author, grant.link.submission_id);
    return { ...thread, mentionable: await guestMentionable(app.ctx, grant.link.account_id, grant.link.submission_id) };
  });

  app.post('/api/v1/public/shares/:token/comments', {
    schema: { tags, summary: 'Comment, reply or @mention a participant as a verified guest', params: TokenParams, body: CreateCommentSchema, response: { 201: CommentSchema, ...guestErrors, 422: ErrorBodySchema, 429: ErrorBodySchema } },
  }, async (request, reply) => {
    const { grant, author } = await guest(request, reply, request.params.token);
    await countGuestComment(request, grant);
    reply.status(201);
    return addComment(app.ctx, author, grant.link.submission_id, request.body);
  });
};
