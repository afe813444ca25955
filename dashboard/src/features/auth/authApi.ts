import type { Accepted, PasswordResetBody, SignInBody, SignUpBody, UpdateMeBody, User } from '@showback/contract';
import { api } from '../../app/api.ts';

let currentUserFetchedAt = 0;

export async function fetchCurrentUser(): Promise<User> {
  const user = await api.get<User>('users/me');
  currentUserFetchedAt = Date.now();
  return user;
}

/** Whether GET /users/me answered within the last `ms`: a page that wants a fresh user need not ask again. */
export const currentUserFetchedWithin = (ms: number): boolean => Date.now() - currentUserFetchedAt < ms;
export const updateCurrentUser = (body: UpdateMeBody) => api.put<User>('users/me', body);
export const signIn = (body: SignInBody) => api.post<User>('users/sign_in', body);
export const signUp = (body: SignUpBody) => api.post<User>('users/sign_up', body);
export const signOut = () => api.delete<unknown>('users/sign_out');
export const requestPasswordReset = (email: string) => api.post<Accepted>('users/password', { email });
export const resetPassword = (body: PasswordResetBody) => api.put<User | Accepted>('users/password', body);
