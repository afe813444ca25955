import type { FreshdeskAppToken, FreshdeskConnect, FreshdeskStatus, HelpdeskSyncLog } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/freshdesk';

export const getFreshdeskStatus = () => api.get<FreshdeskStatus>(`${base}/status`);
export const connectFreshdesk = (body: FreshdeskConnect) => api.post<FreshdeskStatus>(`${base}/connect`, body);
export const getFreshdeskSyncLog = () => api.get<HelpdeskSyncLog>(`${base}/sync_log`).then((r) => r.items);
export const disconnectFreshdesk = () => api.delete<null>(`${base}/disconnect`);
export const issueFreshdeskAppToken = () => api.post<FreshdeskAppToken>(`${base}/app_token`, {});
