import type { UpdateAccountBody, UpdateMeBody, User } from '@showback/contract';
import { api } from '../../app/api.ts';

export const updateMe = (body: UpdateMeBody) => api.put<User>('users/me', body);
export const updateAccount = (body: UpdateAccountBody) => api.put<User>('account', body);
