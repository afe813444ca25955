import { Type, type Static } from 'typebox';
import { USER_LIMITS } from './user-limits.ts';

export { CSRF_FORM_FIELD, CSRF_HEADER, CSRF_META, SESSION_COOKIE } from './csrf.ts';

export const CsrfResponseSchema = Type.Object({ csrf_token: Type.String() }, { $id: 'CsrfResponse' });
export type CsrfResponse = Static<typeof CsrfResponseSchema>;

export const PasswordResetRequestSchema = Type.Object(
  { email: Type.String({ minLength: 1, maxLength: USER_LIMITS.emailMax }) },
  { $id: 'PasswordResetRequest' },
);
export type PasswordResetRequest = Static<typeof PasswordResetRequestSchema>;

export const PasswordResetBodySchema = Type.Object(
  {
    reset_password_token: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ minLength: USER_LIMITS.passwordMin, maxLength: USER_LIMITS.passwordMax }),
    password_confirmation: Type.String({ maxLength: USER_LIMITS.passwordMax }),
  },
  { $id: 'PasswordResetBody' },
);
export type PasswordResetBody = Static<typeof PasswordResetBodySchema>;

export const AcceptedSchema = Type.Object({ message: Type.String() }, { $id: 'Accepted' });
export type Accepted = Static<typeof AcceptedSchema>;

export const OAUTH_PROVIDERS = ['google_oauth2', 'slack_openid'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
