import { Type, type Static } from 'typebox';
import { PLAN_IDS } from './plans.ts';
import { adminPageFields, pageOf } from './support.ts';

/** The admin dashboard (/donkey) and its user and account lists; system admins only. */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const Period = Type.Object({ today: Type.Integer(), last_7_days: Type.Integer(), last_30_days: Type.Integer() });
export const ADMIN_SEARCH_MAX = 200;

export const AdminAuditEntrySchema = Type.Object(
  {
    id: Type.String(),
    actor_email: Type.String(),
    action: Type.String(),
    target_type: Type.String(),
    target_id: Type.String(),
    before: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    after: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
    created_at: Type.String(),
  },
  { $id: 'AdminAuditEntry' },
);
export type AdminAuditEntry = Static<typeof AdminAuditEntrySchema>;

export const AdminOverviewSchema = Type.Object(
  {
    signups: Period,
    submissions: Period,
    accounts_by_plan: Type.Array(Type.Object({ plan: Type.String(), count: Type.Integer() })),
    /** Trials ending within the next 7 days. */
    trials_ending_7_days: Type.Integer(),
    /** Recordings whose processing failed for good (last 30 days). */
    failed_processing: Type.Integer(),
    /** Webhook, email and integration deliveries that failed for good (last 7 days). */
    failing_deliveries: Type.Integer(),
    open_support_requests: Type.Integer(),
    /** Conversations with customer messages no staff member has read. */
    unread_chats: Type.Integer(),
    /** The last 30 days, oldest first, days without submissions included (UTC days). */
    submissions_per_day: Type.Array(Type.Object({ day: Type.String(), count: Type.Integer() })),
    recent_actions: Type.Array(AdminAuditEntrySchema),
  },
  { $id: 'AdminOverview' },
);
export type AdminOverview = Static<typeof AdminOverviewSchema>;

export const AdminUserSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    role: Type.String(),
    is_sysadmin: Type.Boolean(),
    /** Disabled by a system admin: cannot sign in. */
    disabled: Type.Boolean(),
    account_id: Type.String(),
    account_name: Type.String(),
    plan: Type.String(),
    created_at: Type.String(),
    last_active_at: NullableText,
  },
  { $id: 'AdminUser' },
);
export type AdminUser = Static<typeof AdminUserSchema>;

export const AdminSysadminBodySchema = Type.Object({ is_sysadmin: Type.Boolean() }, { $id: 'AdminSysadminBody', additionalProperties: false });
export type AdminSysadminBody = Static<typeof AdminSysadminBodySchema>;

export const ADMIN_USER_SORTS = ['newest', 'oldest', 'email', 'last_active'] as const;
export const AdminUserQuerySchema = Type.Object({
  /** Matches name or email. */
  q: Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_MAX })),
  sysadmin: Type.Optional(Type.Boolean()),
  sort: Type.Optional(Type.Enum(ADMIN_USER_SORTS)),
  ...adminPageFields,
});
export type AdminUserQuery = Static<typeof AdminUserQuerySchema>;

export const AdminUserListSchema = pageOf(AdminUserSchema, 'AdminUserList');
export type AdminUserList = Static<typeof AdminUserListSchema>;

export const AdminAccountSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    trial_ends_at: NullableText,
    created_at: Type.String(),
    user_count: Type.Integer(),
    submission_count: Type.Integer(),
  },
  { $id: 'AdminAccount' },
);
export type AdminAccount = Static<typeof AdminAccountSchema>;

export const ADMIN_ACCOUNT_SORTS = ['newest', 'oldest', 'name', 'trial_ending'] as const;
export const AdminAccountQuerySchema = Type.Object({
  /** Matches the account's name or a member's email. */
  q: Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_MAX })),
  plan: Type.Optional(Type.Enum(PLAN_IDS)),
  sort: Type.Optional(Type.Enum(ADMIN_ACCOUNT_SORTS)),
  ...adminPageFields,
});
export type AdminAccountQuery = Static<typeof AdminAccountQuerySchema>;

export const AdminAccountListSchema = pageOf(AdminAccountSchema, 'AdminAccountList');
export type AdminAccountList = Static<typeof AdminAccountListSchema>;
