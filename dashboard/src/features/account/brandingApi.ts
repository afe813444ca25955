import type { Branding, UpdateBrandingBody } from '@showback/contract';
import { api } from '../../app/api.ts';

export const getBranding = () => api.get<Branding>('account/branding');
export const updateBranding = (body: UpdateBrandingBody) => api.put<Branding>('account/branding', body);
export const uploadLogo = (file: File) => api.put<Branding>('account/branding/logo', file);
export const deleteLogo = () => api.delete<Branding>('account/branding/logo');
