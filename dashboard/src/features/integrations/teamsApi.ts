import type { AuthorizeUrl, ChatChannel, ChatTestResult, TeamsStatus, UpdateTeamsIntegration } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/teams';

export const getTeamsStatus = (signal?: AbortSignal) => api.get<TeamsStatus>(`${base}/status`, { signal });
export const getTeamsAuthorizeUrl = () => api.get<AuthorizeUrl>(`${base}/authorize`).then((r) => r.authorize_url);
export const listTeams = (signal?: AbortSignal) => api.get<{ teams: ChatChannel[] }>(`${base}/teams`, { signal }).then((r) => r.teams);
export const listTeamChannels = (teamId: string, signal?: AbortSignal) => api.get<{ channels: ChatChannel[] }>(`${base}/channels/${encodeURIComponent(teamId)}`, { signal }).then((r) => r.channels);
export const updateTeams = (body: UpdateTeamsIntegration) => api.patch<TeamsStatus>(`${base}/update`, body);
export const sendTeamsTest = () => api.post<ChatTestResult>(`${base}/test`);
export const disconnectTeams = () => api.delete<null>(`${base}/disconnect`);
