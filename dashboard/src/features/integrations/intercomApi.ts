import type { AuthorizeUrl, HelpdeskSyncLog, IntercomStatus } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/intercom';

export const getIntercomStatus = () => api.get<IntercomStatus>(`${base}/status`);
export const getIntercomAuthorizeUrl = () => api.post<AuthorizeUrl>(`${base}/authorize`).then((r) => r.authorize_url);
export const getIntercomSyncLog = () => api.get<HelpdeskSyncLog>(`${base}/sync_log`).then((r) => r.items);
export const disconnectIntercom = () => api.delete<null>(`${base}/disconnect`);
