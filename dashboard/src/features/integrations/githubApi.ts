import type { AuthorizeUrl, CreateGitHubIssue, GitHubIssue, GitHubRepositoryList, GitHubStatus, RecordingGitHubIssue } from '@showback/contract';
import { api } from '../../app/api.ts';

const base = 'integrations/github';

export const getGitHubStatus = (signal?: AbortSignal) => api.get<GitHubStatus>(`${base}/status`, { signal });
export const getGitHubAuthorizeUrl = () => api.post<AuthorizeUrl>(`${base}/authorize`).then((r) => r.authorize_url);
export const getGitHubRepositories = (signal?: AbortSignal) => api.get<GitHubRepositoryList>(`${base}/repositories`, { signal }).then((r) => r.items);
export const updateGitHub = (repository: string) => api.patch<GitHubStatus>(`${base}/update`, { repository });
export const disconnectGitHub = () => api.delete<null>(`${base}/disconnect`);
export const getRecordingGitHubIssue = (submissionId: string, signal?: AbortSignal) => api.get<RecordingGitHubIssue>(`submissions/${submissionId}/github_issue`, { signal });
export const createGitHubIssue = (submissionId: string, body: CreateGitHubIssue = {}) => api.post<GitHubIssue>(`submissions/${submissionId}/github_issue`, body);
