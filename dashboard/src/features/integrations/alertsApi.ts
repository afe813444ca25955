import type { AlertDelivery, AlertEventType, AlertPreferences, CreateWebhookEndpoint, UpdateWebhookEndpoint, WebhookEndpoint, WebhookSecret } from '@showback/contract';
import { api } from '../../app/api.ts';
import '../../messages/en/integrationsApp.ts';

const base = 'integrations/webhooks';

export const listEndpoints = () => api.get<{ items: WebhookEndpoint[] }>(base).then((r) => r.items);
export const createEndpoint = (body: CreateWebhookEndpoint) => api.post<WebhookEndpoint>(base, body);
export const updateEndpoint = (id: string, body: UpdateWebhookEndpoint) => api.patch<WebhookEndpoint>(`${base}/${id}`, body);
export const deleteEndpoint = (id: string) => api.delete<null>(`${base}/${id}`);
export const revealSecret = (id: string) => api.get<WebhookSecret>(`${base}/${id}/secret`);
export const rotateSecret = (id: string) => api.post<WebhookSecret>(`${base}/${id}/secret/rotate`);
export const sendTestEvent = (id: string) => api.post<{ event_id: string }>(`${base}/${id}/test`);
export const listDeliveries = (id: string) => api.get<{ items: AlertDelivery[] }>(`${base}/${id}/deliveries`).then((r) => r.items);
export const replayDelivery = (id: string) => api.post<AlertDelivery>(`${base}/deliveries/${id}/replay`);

export const getAlertPreferences = () => api.get<AlertPreferences>('users/me/alert_preferences');
export const setAlertPreferences = (body: AlertPreferences) => api.put<AlertPreferences>('users/me/alert_preferences', body);

type EventKey<T> = T extends `submission.${infer Name}` ? Name : never;

/** The message key naming an event type (message keys cannot hold the type's dot). */
export const eventName = (type: AlertEventType) => `integrationsApp.webhooks.eventNames.${type.replace('submission.', '') as EventKey<AlertEventType>}` as const;
