import type { Comment, CreatedShareLink, SharedCommentThread, CreateShareLink, SharedLinkInfo, ShareLinkList, SharingSettings, Submission, SubmissionEvents, Summary, Transcript, UpdateSharingSettings } from '@showback/contract';
import { api } from '../../app/api.ts';
import type { CommentWriter } from '../recordings/comments/CommentsPanel.tsx';
import type { RecordingSource } from '../recordings/recordingSource.ts';

const ofRecording = (id: string): string => `submissions/${encodeURIComponent(id)}/share_links`;

export const listShareLinks = (submissionId: string, signal?: AbortSignal): Promise<ShareLinkList> => api.get<ShareLinkList>(ofRecording(submissionId), { signal });
export const createShareLink = (submissionId: string, body: CreateShareLink): Promise<CreatedShareLink> => api.post<CreatedShareLink>(ofRecording(submissionId), body);
export const revokeShareLink = (id: string): Promise<void> => api.delete<void>(`share_links/${encodeURIComponent(id)}`);

export const getSharingSettings = (signal?: AbortSignal): Promise<SharingSettings> => api.get<SharingSettings>('account/sharing', { signal });
export const updateSharingSettings = (body: UpdateSharingSettings): Promise<SharingSettings> => api.put<SharingSettings>('account/sharing', body);

/** A share link's routes (the viewer's side): the token is the link's. */
const shared = (token: string): string => `public/shares/${encodeURIComponent(token)}`;

export const getSharedLink = (token: string, signal?: AbortSignal): Promise<SharedLinkInfo> => api.get<SharedLinkInfo>(shared(token), { signal });
export const requestShareCode = (token: string, email: string): Promise<void> => api.post<void>(`${shared(token)}/codes`, { email });
export const verifyShareCode = (token: string, email: string, code: string): Promise<SharedLinkInfo> => api.post<SharedLinkInfo>(`${shared(token)}/sessions`, { email, code });
export const getSharedRecording = (token: string, signal?: AbortSignal): Promise<Submission> => api.get<Submission>(`${shared(token)}/recording`, { signal });

/** The review panels' source on a shared page: read only. */
export function sharedSource(token: string): RecordingSource {
  return {
    events: (signal) => api.get<SubmissionEvents>(`${shared(token)}/events`, { signal }),
    transcript: (signal) => api.get<Transcript>(`${shared(token)}/transcript`, { signal }),
    summary: (signal) => api.get<Summary>(`${shared(token)}/summary`, { signal }),
  };
}

/** The comments as the link's verified guest sees them, with whom they may @mention. */
export const getSharedComments = (token: string, signal?: AbortSignal): Promise<SharedCommentThread> => api.get<SharedCommentThread>(`${shared(token)}/comments`, { signal });

/** A guest writes comments and replies, and changes nothing else. */
export const guestCommentWriter = (token: string): CommentWriter => ({ add: (body) => api.post<Comment>(`${shared(token)}/comments`, body) });
