import type { AccountSubdomain } from '@showback/contract';
import { api } from '../../app/api.ts';

export const getSubdomain = () => api.get<AccountSubdomain>('account/subdomain');
export const claimSubdomain = (name: string) => api.put<AccountSubdomain>('account/subdomain', { name });
export const releaseSubdomain = () => api.delete<AccountSubdomain>('account/subdomain');
