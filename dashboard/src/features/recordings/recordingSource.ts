import { createContext, useContext } from 'react';
import type { SubmissionEvents, Summary, Transcript } from '@showback/contract';
import { api } from '../../app/api.ts';

/**
 * Where the review panels (timeline, transcript, summary) read a recording from: the owner's routes by the
 * recording's id, or a share link's (features/shared). The video, poster and captions come as URLs in the answers.
 * A source without `retryTranscript` and `editSegment` is read-only: the panels offer neither.
 */
export interface RecordingSource {
  events(signal: AbortSignal): Promise<SubmissionEvents>;
  transcript(signal: AbortSignal): Promise<Transcript>;
  summary(signal: AbortSignal): Promise<Summary>;
  retryTranscript?: () => Promise<Transcript>;
  editSegment?: (index: number, text: string) => Promise<Transcript>;
}

/** The signed-in owner's routes for recording `id`. */
export function ownerSource(id: string): RecordingSource {
  const base = `submissions/${encodeURIComponent(id)}`;
  return {
    events: (signal) => api.get<SubmissionEvents>(`${base}/events`, { signal }),
    transcript: (signal) => api.get<Transcript>(`${base}/transcript`, { signal }),
    summary: (signal) => api.get<Summary>(`${base}/summary`, { signal }),
    retryTranscript: () => api.post<Transcript>(`${base}/transcript`),
    editSegment: (index, text) => api.patch<Transcript>(`${base}/transcript/segments/${index}`, { text }),
  };
}

export const RecordingSourceContext = createContext<RecordingSource | null>(null);

/** The page's source; the owner's for `submissionId` where no page provided one. */
export function useRecordingSource(submissionId: string): RecordingSource {
  return useContext(RecordingSourceContext) ?? ownerSource(submissionId);
}
