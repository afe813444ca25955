import type { AuthorizeUrl, CreateLinearIssue, LinearIssue, LinearStatus, LinearTeamList, RecordingLinearIssue } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/linear';

export const getLinearStatus = (signal?: AbortSignal) => api.get<LinearStatus>(`${base}/status`, { signal });
export const getLinearAuthorizeUrl = () => api.post<AuthorizeUrl>(`${base}/authorize`).then((r) => r.authorize_url);
export const getLinearTeams = (signal?: AbortSignal) => api.get<LinearTeamList>(`${base}/teams`, { signal }).then((r) => r.items);
export const updateLinear = (teamId: string) => api.patch<LinearStatus>(`${base}/update`, { team_id: teamId });
export const disconnectLinear = () => api.delete<null>(`${base}/disconnect`);
export const getRecordingLinearIssue = (submissionId: string, signal?: AbortSignal) => api.get<RecordingLinearIssue>(`submissions/${submissionId}/linear_issue`, { signal });
export const createLinearIssue = (submissionId: string, body: CreateLinearIssue = {}) => api.post<LinearIssue>(`submissions/${submissionId}/linear_issue`, body);
