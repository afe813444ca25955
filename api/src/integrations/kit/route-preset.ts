import { ErrorBodySchema } from '@showback/contract';
import type { OAuthStateOwner } from './oauth-state.ts';

/** The answers every integration route may give besides its own: signed out, not allowed, missing, invalid. */
export const errors = { 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 422: ErrorBodySchema };

/** And those of routes that depend on the plan (402), the connection's state (409) or the provider's answer (502). */
export const upstream = { 402: ErrorBodySchema, 409: ErrorBodySchema, 502: ErrorBodySchema };

/** And a provider's rate limit, passed on with its wait (providerAppError). */
export const rateLimited = { 429: ErrorBodySchema };

/** The routes that set an integration up: the account's owners and admins. */
export const manage = { config: { permission: 'integrations.manage' } } as const;

/** Who starts an OAuth round trip: its state is bound to them. */
export const owner = (user: { id: string; accountId: string }): OAuthStateOwner => ({ userId: user.id, accountId: user.accountId });
