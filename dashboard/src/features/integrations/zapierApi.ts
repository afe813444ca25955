import type { ZapierConnect, ZapierKey, ZapierStatus, ZapierSubscription } from '@showback/contract';
import { api } from '../../app/api.ts';

export const getZapierStatus = (signal?: AbortSignal) => api.get<ZapierStatus>('integrations/zapier/status', { signal });
export const authorizeZapier = () => api.get<ZapierConnect>('integrations/zapier/authorize');
export const regenerateZapierKey = () => api.post<ZapierKey>('integrations/zapier/regenerate');
export const disconnectZapier = () => api.delete<null>('integrations/zapier/disconnect');
export const listZapierSubscriptions = () => api.get<{ items: ZapierSubscription[] }>('integrations/zapier/subscriptions').then((r) => r.items);
