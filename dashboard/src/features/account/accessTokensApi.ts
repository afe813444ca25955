import type { AccessTokenList, CreateAccessToken, CreatedAccessToken } from '@showback/contract';
import { api } from '../../app/api.ts';

export const listMyTokens = () => api.get<AccessTokenList>('users/me/access_tokens');
export const createToken = (body: CreateAccessToken) => api.post<CreatedAccessToken>('users/me/access_tokens', body);
export const revokeMyToken = (id: string) => api.delete<null>(`users/me/access_tokens/${id}`);
export const listAccountTokens = () => api.get<AccessTokenList>('account/access_tokens');
export const revokeAccountToken = (id: string) => api.delete<null>(`account/access_tokens/${id}`);
