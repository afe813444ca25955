import type { FreshdeskAppToken, FreshdeskConnect, FreshdeskStatus, HelpdeskSyncLog } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/freshdesk';

export const getFreshdeskStatus = (signal?: AbortSignal) => api.get<FreshdeskStatus>(`${base}/status`, { signal });
export const connectFreshdesk = (body: FreshdeskConnect) => api.post<FreshdeskStatus>(`${base}/connect`, body);
export const getFreshdeskSyncLog = (signal?: AbortSignal) => api.get<HelpdeskSyncLog>(`${base}/sync_log`, { signal }).then((r) => r.items);
export const disconnectFreshdesk = () => api.delete<null>(`${base}/disconnect`);
export const issueFreshdeskAppToken = () => api.post<FreshdeskAppToken>(`${base}/app_token`, {});
