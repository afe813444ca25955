import type { Comment, CommentThread, CreateComment, Review, UnreadComments, UpdateComment, UpdateReview } from '@showback/contract';
import { api } from '../../../app/api.ts';
import type { CommentWriter } from './CommentsPanel.tsx';

const base = (submissionId: string) => `submissions/${encodeURIComponent(submissionId)}`;

export const getThread = (submissionId: string, signal?: AbortSignal) => api.get<CommentThread>(`${base(submissionId)}/comments`, { signal });
export const addComment = (submissionId: string, body: CreateComment) => api.post<Comment>(`${base(submissionId)}/comments`, body);
export const editComment = (submissionId: string, commentId: string, body: UpdateComment) => api.patch<Comment>(`${base(submissionId)}/comments/${encodeURIComponent(commentId)}`, body);
export const deleteComment = (submissionId: string, commentId: string) => api.delete<void>(`${base(submissionId)}/comments/${encodeURIComponent(commentId)}`);
export const markCommentsRead = (submissionId: string) => api.post<void>(`${base(submissionId)}/comments/read`);
export const updateReview = (submissionId: string, body: UpdateReview) => api.patch<Review>(`${base(submissionId)}/review`, body);
export const getUnread = (signal?: AbortSignal) => api.get<UnreadComments>('comments/unread', { signal });

/** A member's writes on recording `submissionId`. */
export const memberCommentWriter = (submissionId: string): CommentWriter => ({
  add: (body) => addComment(submissionId, body),
  edit: (commentId, body) => editComment(submissionId, commentId, body),
  remove: (commentId) => deleteComment(submissionId, commentId),
});
