import type { AuthorizeUrl, UpdateZendesk, ZendeskAppApproval, ZendeskAppApprove, ZendeskStatus, HelpdeskSyncLog } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/zendesk';

export const getZendeskStatus = (signal?: AbortSignal) => api.get<ZendeskStatus>(`${base}/status`, { signal });
export const getZendeskAuthorizeUrl = (subdomain: string) => api.post<AuthorizeUrl>(`${base}/authorize`, { subdomain }).then((r) => r.authorize_url);
export const getHelpdeskSyncLog = (signal?: AbortSignal) => api.get<HelpdeskSyncLog>(`${base}/sync_log`, { signal }).then((r) => r.items);
export const disconnectZendesk = () => api.delete<null>(`${base}/disconnect`);
export const updateZendesk = (body: UpdateZendesk) => api.patch<ZendeskStatus>(`${base}/update`, body);
export const approveZendeskApp = (body: ZendeskAppApprove) => api.post<ZendeskAppApproval>(`${base}/app/approve`, body);
