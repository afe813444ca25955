import { Type, type Static } from 'typebox';
import { USER_LIMITS } from './users.ts';

/** Header every state-changing /api/ call carries; the value comes from the page's csrf-token meta tag. */
export const CSRF_HEADER = 'X-CSRF-Token';
export const CSRF_META = 'csrf-token';
/** Form field carrying the CSRF token on the HTML form posts to /users/auth/<provider>. */
export const CSRF_FORM_FIELD = 'authenticity_token';
export const SESSION_COOKIE = 'sb_session';

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
