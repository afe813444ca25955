import type { SubmissionEvents } from '@showback/contract';
import { api } from '../../../app/api.ts';

export const getSubmissionEvents = (id: string, signal?: AbortSignal): Promise<SubmissionEvents> =>
  api.get<SubmissionEvents>(`submissions/${encodeURIComponent(id)}/events`, { signal });
