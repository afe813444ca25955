import type { AdminSupportQuery, AdminSupportRequest, AdminSupportRequestList, NewSupportRequestBody, SupportRequest, SupportRequestList } from '@showback/contract';
import { api } from '../../app/api.ts';
import { last } from '../../app/last.ts';

export const listMySupportRequests = (page: number) => api.get<SupportRequestList>('support-requests', { query: { page, per_page: 20 } });
export const openSupportRequest = (body: NewSupportRequestBody) => api.post<SupportRequest>('support-requests', body);
export const followUpRequest = (id: string, body: string) => api.post<SupportRequest>(`support-requests/${encodeURIComponent(id)}/replies`, { body });

export const listSupportInbox = (query: AdminSupportQuery) => api.get<AdminSupportRequestList>('admin/support-requests', { query: { ...query } });
export const getInboxRequest = (id: string) => api.get<AdminSupportRequest>(`admin/support-requests/${encodeURIComponent(id)}`);
export const replyToRequest = (id: string, body: string, close: boolean) => api.post<AdminSupportRequest>(`admin/support-requests/${encodeURIComponent(id)}/replies`, { body, close });
export const setRequestStatus = (id: string, status: 'open' | 'closed') => api.put<AdminSupportRequest>(`admin/support-requests/${encodeURIComponent(id)}/status`, { status });

/** What a customer reads as the state of a request: answered while the last word is the team's. */
export function displayStatus(request: Pick<SupportRequest, 'status' | 'replies'>): 'open' | 'answered' | 'closed' {
  if (request.status === 'closed') return 'closed';
  return last(request.replies)?.author === 'staff' ? 'answered' : 'open';
}
