import type { ListSubmissionsQuery, Submission, SubmissionList } from '@showback/contract';
import { api } from '../../app/api.ts';
import { rejectUnlessUuid } from '../../app/rejectUnlessUuid.ts';

export function listSubmissions(query: ListSubmissionsQuery, signal?: AbortSignal): Promise<SubmissionList> {
  return api.get<SubmissionList>('submissions', { query: { ...query }, signal });
}

export function getSubmission(id: string, signal?: AbortSignal): Promise<Submission> {
  return rejectUnlessUuid(id) ?? api.get<Submission>(`submissions/${encodeURIComponent(id)}`, { signal });
}

export function deleteSubmission(id: string): Promise<void> {
  return api.delete<void>(`submissions/${encodeURIComponent(id)}`);
}
