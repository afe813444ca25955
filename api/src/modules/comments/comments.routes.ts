import { Type } from 'typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CommentSchema, CommentThreadSchema, CreateCommentSchema, ErrorBodySchema, ReviewSchema, UnreadCommentsSchema, UpdateCommentSchema, UpdateReviewSchema } from '@showback/contract';
import * as service from './comments.service.ts';

const IdParams = Type.Object({ id: Type.String({ format: 'uuid' }) });
const CommentParams = Type.Object({ id: Type.String({ format: 'uuid' }), comment_id: Type.String({ format: 'uuid' }) });
const errors = { 403: ErrorBodySchema, 404: ErrorBodySchema };

/** Comments on a recording, its review state and assignee, and the list's unread markers (docs/reviewing-recordings.md). */
export const commentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['comments'];

  app.get('/api/v1/submissions/:id/comments', {
    config: { permission: 'recordings.read' },
    schema: { tags, summary: "A recording's comments, review state and its history", params: IdParams, response: { 200: CommentThreadSchema, ...errors } },
  }, async (request) => service.getThread(app.ctx, { kind: 'member', member: request.user }, request.params.id));

  app.post('/api/v1/submissions/:id/comments', {
    config: { permission: 'recordings.comment' },
    schema: { tags, summary: 'Comment, reply or @mention', params: IdParams, body: CreateCommentSchema, response: { 201: CommentSchema, ...errors, 422: ErrorBodySchema } },
  }, async (request, reply) => {
    reply.status(201);
    return service.addComment(app.ctx, { kind: 'member', member: request.user }, request.params.id, request.body);
  });

  app.patch('/api/v1/submissions/:id/comments/:comment_id', {
    config: { permission: 'recordings.comment' },
    schema: { tags, summary: "Edit one's own comment", params: CommentParams, body: UpdateCommentSchema, response: { 200: CommentSchema, ...errors, 422: ErrorBodySchema } },
  }, async (request) => service.editComment(app.ctx, request.user, request.params.id, request.params.comment_id, request.body));

  app.delete('/api/v1/submissions/:id/comments/:comment_id', {
    config: { permission: 'recordings.comment' },
    schema: { tags, summary: "Delete one's own comment (owners and admins: any)", params: CommentParams, response: { 204: Type.Null(), ...errors } },
  }, async (request, reply) => {
    await service.deleteComment(app.ctx, request.user, request.params.id, request.params.comment_id);
    return reply.status(204).send(null);
  });

  app.post('/api/v1/submissions/:id/comments/read', {
    config: { permission: 'recordings.read' },
    schema: { tags, summary: "Mark the recording's comments read (the list's unread marker)", params: IdParams, response: { 204: Type.Null(), ...errors } },
  }, async (request, reply) => {
    await service.markRead(app.ctx, request.user, request.params.id);
    return reply.status(204).send(null);
  });

  app.get('/api/v1/comments/unread', {
    config: { permission: 'recordings.read' },
    schema: { tags, summary: 'Recordings with comments the asking person has not read', response: { 200: UnreadCommentsSchema, 403: ErrorBodySchema } },
  }, async (request) => service.unread(app.ctx, request.user));

  app.patch('/api/v1/submissions/:id/review', {
    config: { permission: 'recordings.review' },
    schema: { tags, summary: "Set a recording's state or assignee", params: IdParams, body: UpdateReviewSchema, response: { 200: ReviewSchema, ...errors, 422: ErrorBodySchema } },
  }, async (request) => service.updateReview(app.ctx, request.user, request.params.id, request.body));
};
