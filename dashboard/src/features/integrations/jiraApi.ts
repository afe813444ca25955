import type { AuthorizeUrl, CreateJiraIssue, JiraIssue, JiraProjectList, JiraSiteList, JiraStatus, RecordingJiraIssue, UpdateJira } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/jira';

export const getJiraStatus = (signal?: AbortSignal) => api.get<JiraStatus>(`${base}/status`, { signal });
export const getJiraAuthorizeUrl = () => api.post<AuthorizeUrl>(`${base}/authorize`).then((r) => r.authorize_url);
export const getJiraSites = (signal?: AbortSignal) => api.get<JiraSiteList>(`${base}/sites`, { signal }).then((r) => r.items);
export const getJiraProjects = (signal?: AbortSignal) => api.get<JiraProjectList>(`${base}/projects`, { signal }).then((r) => r.items);
export const updateJira = (body: UpdateJira) => api.patch<JiraStatus>(`${base}/update`, body);
export const disconnectJira = () => api.delete<null>(`${base}/disconnect`);
export const getRecordingJiraIssue = (submissionId: string, signal?: AbortSignal) => api.get<RecordingJiraIssue>(`submissions/${submissionId}/jira_issue`, { signal });
export const createJiraIssue = (submissionId: string, body: CreateJiraIssue = {}) => api.post<JiraIssue>(`submissions/${submissionId}/jira_issue`, body);
