import type { RecordingRequest, RecordingRequestList, User } from '@showback/contract';
import { api } from '../../app/api.ts';

export interface WorkspaceDetails {
  name: string;
  company_size: string;
  use_case: string;
}

export const updateWorkspace = (body: WorkspaceDetails) => api.put<unknown>('account', body);
export const completeOnboarding = () => api.post<User>('account/onboarding/complete');

/** The first recording link: the newest existing request, or a new one made for the purpose. */
export async function firstRecordingRequest(title: string): Promise<RecordingRequest> {
  const list = await api.get<RecordingRequestList>('requests', { query: { per_page: 1, status: 'active' } });
  const existing = list.items[0];
  if (existing) return existing;
  return api.post<RecordingRequest>('requests', { title });
}
