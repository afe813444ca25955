import { Type, type Static } from 'typebox';
import { BILLING_INTERVALS, PLAN_IDS } from './plans.ts';
import { ROLES, USER_LIMITS } from './user-limits.ts';

export { ROLES, USER_LIMITS, type Role } from './user-limits.ts';

export const WarningSchema = Type.Object(
  {
    level: Type.Union([Type.Literal('medium'), Type.Literal('high'), Type.Literal('critical')]),
    code: Type.String(),
    message: Type.String(),
  },
  { $id: 'Warning' },
);
export type Warning = Static<typeof WarningSchema>;

export const UserAccountSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    onboarding_completed: Type.Boolean(),
    plan: Type.Enum(PLAN_IDS),
    billing_interval: Type.Enum(BILLING_INTERVALS),
    trial_ends_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    // Billing state of spec §3, filled by the billing module (billing-state.ts); GET /billing has the full set.
    effective_plan: Type.Enum(PLAN_IDS),
    trial_active: Type.Boolean(),
    submissions_used_this_month: Type.Integer({ minimum: 0 }),
    submission_limit: Type.Union([Type.Integer(), Type.Null()]),
    submission_limit_percentage: Type.Union([Type.Integer(), Type.Null()]),
    retention_days: Type.Union([Type.Integer(), Type.Null()]),
  },
  { $id: 'UserAccount' },
);
export type UserAccount = Static<typeof UserAccountSchema>;

/** The signed-in user as GET /users/me, sign-in and sign-up return it (spec §3). */
export const UserSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    role: Type.Enum(ROLES),
    is_sysadmin: Type.Boolean(),
    /** Set for the first-start admin: the UI asks for a new password before anything else. */
    must_change_password: Type.Boolean(),
    account: UserAccountSchema,
    warnings: Type.Array(WarningSchema),
  },
  { $id: 'User' },
);
export type User = Static<typeof UserSchema>;

const name = Type.String({ minLength: 1, maxLength: USER_LIMITS.nameMax });
const email = Type.String({ format: 'email', minLength: 1, maxLength: USER_LIMITS.emailMax });
const password = Type.String({ minLength: USER_LIMITS.passwordMin, maxLength: USER_LIMITS.passwordMax });
const attribution = Type.Optional(Type.Union([Type.String({ maxLength: USER_LIMITS.attributionMax }), Type.Null()]));

export const SignUpBodySchema = Type.Object(
  {
    name,
    email,
    account_name: Type.Optional(Type.Union([Type.String({ maxLength: USER_LIMITS.accountNameMax }), Type.Null()])),
    password,
    password_confirmation: Type.String({ maxLength: USER_LIMITS.passwordMax }),
    invitation_token: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    utm_source: attribution,
    utm_medium: attribution,
    utm_campaign: attribution,
    utm_term: attribution,
    utm_content: attribution,
    ref: attribution,
    via: attribution,
  },
  { $id: 'SignUpBody' },
);
export type SignUpBody = Static<typeof SignUpBodySchema>;

export const SignInBodySchema = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: USER_LIMITS.emailMax }),
    password: Type.String({ minLength: 1, maxLength: USER_LIMITS.passwordMax }),
    remember_me: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0'), Type.Boolean()])),
  },
  { $id: 'SignInBody' },
);
export type SignInBody = Static<typeof SignInBodySchema>;

/**
 * PUT /users/me. Clients may send the whole user object back (spec §7); fields not listed here are ignored.
 * Changing email or password needs current_password.
 */
export const UpdateMeBodySchema = Type.Object(
  {
    name: Type.Optional(name),
    email: Type.Optional(email),
    password: Type.Optional(password),
    password_confirmation: Type.Optional(Type.String({ maxLength: USER_LIMITS.passwordMax })),
    current_password: Type.Optional(Type.String({ maxLength: USER_LIMITS.passwordMax })),
  },
  { $id: 'UpdateMeBody' },
);
export type UpdateMeBody = Static<typeof UpdateMeBodySchema>;

/** Onboarding answers kept in the account's details. */
export const COMPANY_SIZES = ['solo', 'small', 'medium', 'large', 'enterprise'] as const;
export const USE_CASES = ['support', 'qa', 'product', 'sales', 'other'] as const;

/** PUT /account (owner or admin). The response is the current user, account included. */
export const UpdateAccountBodySchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: USER_LIMITS.accountNameMax })),
    company_size: Type.Optional(Type.Union([Type.Enum(COMPANY_SIZES), Type.Literal(''), Type.Null()])),
    use_case: Type.Optional(Type.Union([Type.Enum(USE_CASES), Type.Literal(''), Type.Null()])),
  },
  { $id: 'UpdateAccountBody' },
);
export type UpdateAccountBody = Static<typeof UpdateAccountBodySchema>;
