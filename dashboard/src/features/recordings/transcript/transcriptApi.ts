import type { Transcript } from '@showback/contract';
import { api } from '../../../app/api.ts';

export const getTranscript = (id: string, signal?: AbortSignal): Promise<Transcript> =>
  api.get<Transcript>(`submissions/${encodeURIComponent(id)}/transcript`, { signal });

/** Queues transcription again after it failed for good. */
export const retryTranscript = (id: string): Promise<Transcript> => api.post<Transcript>(`submissions/${encodeURIComponent(id)}/transcript`);

/** An owner's correction of one segment's words; answers the transcript as it now is. */
export const editTranscriptSegment = (id: string, index: number, text: string): Promise<Transcript> =>
  api.patch<Transcript>(`submissions/${encodeURIComponent(id)}/transcript/segments/${index}`, { text });
