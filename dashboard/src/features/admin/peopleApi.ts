import type { AdminAccountDetail, AdminEnterpriseLimitsBody, AdminExtendTrialBody, AdminUserDetail } from '@showback/contract';
import { api } from '../../app/api.ts';

const id = (value: string) => encodeURIComponent(value);
export const getUserDetail = (userId: string) => api.get<AdminUserDetail>(`admin/users/${id(userId)}`);
export const sendPasswordReset = (userId: string) => api.post<null>(`admin/users/${id(userId)}/password-reset`);
export const getAccountDetail = (accountId: string) => api.get<AdminAccountDetail>(`admin/accounts/${id(accountId)}`);
export const extendTrial = (accountId: string, body: AdminExtendTrialBody) => api.post<AdminAccountDetail>(`admin/accounts/${id(accountId)}/trial`, body);
export const setEnterpriseLimits = (accountId: string, body: AdminEnterpriseLimitsBody) => api.put<AdminAccountDetail>(`admin/accounts/${id(accountId)}/limits`, body);
