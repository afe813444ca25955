import type { AdminAccountList, AdminAccountQuery, AdminOverview, AdminUserList, AdminUserQuery } from '@showback/contract';
import { api } from '../../app/api.ts';

export const getOverview = () => api.get<AdminOverview>('admin/overview');
export const listUsers = (query: AdminUserQuery) => api.get<AdminUserList>('admin/users', { query: { ...query } });
export const listAccounts = (query: AdminAccountQuery) => api.get<AdminAccountList>('admin/accounts', { query: { ...query } });
export const setUserDisabled = (id: string, disabled: boolean) => api.post<null>(`admin/users/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`);
export const setSysadmin = (id: string, isSysadmin: boolean) => api.post<null>(`admin/users/${encodeURIComponent(id)}/sysadmin`, { is_sysadmin: isSysadmin });
