import type { AuthorizeUrl, ChatChannel, ChatTestResult, SlackStatus, UpdateSlackIntegration } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/slack';

export const getSlackStatus = (signal?: AbortSignal) => api.get<SlackStatus>(`${base}/status`, { signal });
export const getSlackAuthorizeUrl = () => api.get<AuthorizeUrl>(`${base}/authorize`).then((r) => r.authorize_url);
export const listSlackChannels = (signal?: AbortSignal) => api.get<{ channels: ChatChannel[] }>(`${base}/channels`, { signal }).then((r) => r.channels);
export const updateSlack = (body: UpdateSlackIntegration) => api.patch<SlackStatus>(`${base}/update`, body);
export const sendSlackTest = (channelId?: string) => api.post<ChatTestResult>(`${base}/test`, channelId ? { channel_id: channelId } : {});
export const disconnectSlack = () => api.delete<null>(`${base}/disconnect`);
