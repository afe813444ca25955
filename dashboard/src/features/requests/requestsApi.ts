import type { CreateRecordingRequest, ListRecordingRequestsQuery, RecordingRequest, RecordingRequestList, UpdateRecordingRequest } from '@showback/contract';
import { api } from '../../app/api.ts';
import { rejectUnlessUuid } from '../../app/rejectUnlessUuid.ts';

const path = (id: string, action = '') => `requests/${encodeURIComponent(id)}${action ? `/${action}` : ''}`;

export function listRequests(query: ListRecordingRequestsQuery, signal?: AbortSignal): Promise<RecordingRequestList> {
  return api.get<RecordingRequestList>('requests', { query: { ...query }, signal });
}

export function getRequest(id: string, signal?: AbortSignal): Promise<RecordingRequest> {
  return rejectUnlessUuid(id) ?? api.get<RecordingRequest>(path(id), { signal });
}

export function createRequest(body: CreateRecordingRequest): Promise<RecordingRequest> {
  return api.post<RecordingRequest>('requests', body);
}

export function updateRequest(id: string, body: UpdateRecordingRequest): Promise<RecordingRequest> {
  return api.patch<RecordingRequest>(path(id), body);
}

export function deleteRequest(id: string): Promise<void> {
  return api.delete<void>(path(id));
}

export type RequestAction = 'archive' | 'unarchive' | 'revoke';

export function requestAction(id: string, action: RequestAction): Promise<RecordingRequest> {
  return api.post<RecordingRequest>(path(id, action));
}
