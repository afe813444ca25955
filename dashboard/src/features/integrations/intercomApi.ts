import type { AuthorizeUrl, HelpdeskSyncLog, IntercomStatus } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/intercom';

export const getIntercomStatus = (signal?: AbortSignal) => api.get<IntercomStatus>(`${base}/status`, { signal });
export const getIntercomAuthorizeUrl = () => api.post<AuthorizeUrl>(`${base}/authorize`).then((r) => r.authorize_url);
export const getIntercomSyncLog = (signal?: AbortSignal) => api.get<HelpdeskSyncLog>(`${base}/sync_log`, { signal }).then((r) => r.items);
export const disconnectIntercom = () => api.delete<null>(`${base}/disconnect`);
