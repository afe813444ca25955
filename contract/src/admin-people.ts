import { Type, type Static } from 'typebox';
import { AdminAuditEntrySchema, AdminUserSchema } from './admin.ts';
import { PLANS } from './plans.ts';

/** The user detail (/donkey/users/:id) and account detail (/donkey/accounts/:id) screens and their actions. */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableInt = Type.Union([Type.Integer(), Type.Null()]);
// Embedded copies without the $id: a schema may name a given $id only once, and the user detail holds two lists.
const AuditEntries = Type.Array(Type.Object(AdminAuditEntrySchema.properties));

/**
 * Bounds of an enterprise account's limits. Retention never goes below the shortest plan's, because the retention
 * job looks for recordings to warn about from that age on.
 */
export const ENTERPRISE_LIMIT_BOUNDS = {
  submission_limit: { minimum: 1, maximum: 1_000_000 },
  retention_days: { minimum: PLANS.free.retentionDays!, maximum: 3650 },
  seats: { minimum: 1, maximum: 10_000 },
} as const;

/** How far a trial may be extended: its new end is at most this many days from now. */
export const TRIAL_EXTENSION_MAX_DAYS = 90;

const LimitsSchema = Type.Object({
  /** Recordings per month; null: no limit. */
  submission_limit: NullableInt,
  retention_days: NullableInt,
  seats: NullableInt,
});

export const AdminAccountMemberSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: Type.String(),
  disabled: Type.Boolean(),
  last_active_at: NullableText,
});

export const AdminAccountDetailSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    plan: Type.String(),
    /** The plan whose limits apply now (a trial's plan during a trial). */
    effective_plan: Type.String(),
    trial_active: Type.Boolean(),
    trial_ends_at: NullableText,
    billing_interval: Type.String(),
    subscription_status: Type.String(),
    created_at: Type.String(),
    /** The limits in force now. */
    limits: LimitsSchema,
    /** What a system admin set for the enterprise plan (null: no limit); used only while the plan is enterprise. */
    enterprise_limits: LimitsSchema,
    submissions_this_month: Type.Integer(),
    /** Members plus unexpired pending invitations, as the seat limit counts them. */
    seats_used: Type.Integer(),
    recording_requests: Type.Integer(),
    submissions: Type.Integer(),
    members: Type.Array(AdminAccountMemberSchema),
    /** Admin actions on the account, newest first (at most 50). */
    audit: AuditEntries,
  },
  { $id: 'AdminAccountDetail' },
);
export type AdminAccountDetail = Static<typeof AdminAccountDetailSchema>;

export const AdminUserDetailSchema = Type.Object(
  {
    // What the users list shows of a user; the account comes whole below.
    ...Type.Omit(AdminUserSchema, ['account_id', 'account_name', 'plan']).properties,
    email_verified: Type.Boolean(),
    /** Signs in with a password (not only through Google, Microsoft or Slack). */
    has_password: Type.Boolean(),
    identities: Type.Array(Type.Object({ provider: Type.String(), email: Type.String(), created_at: Type.String(), last_used_at: Type.String() })),
    account: Type.Object(AdminAccountDetailSchema.properties),
    /** Their own support requests, newest first (at most 20). */
    support_requests: Type.Array(
      Type.Object({ id: Type.String(), subject: Type.String(), status: Type.String(), created_at: Type.String(), last_reply_at: NullableText, replies: Type.Integer() }),
    ),
    /** Their chat with the team: the latest 20 messages, oldest first. */
    chat: Type.Object({
      messages: Type.Array(Type.Object({ id: Type.Integer(), author: Type.String(), author_name: Type.String(), body: Type.String(), created_at: Type.String() })),
      total: Type.Integer(),
    }),
    /** Admin actions on this user, newest first (at most 50); the account's are in account.audit. */
    audit: AuditEntries,
  },
  { $id: 'AdminUserDetail' },
);
export type AdminUserDetail = Static<typeof AdminUserDetailSchema>;

/**
 * Extends a free account's trial by `days` from its current end (from now when it has ended), or to the end of the
 * UTC day `until`: exactly one of the two. (Not a union of two objects: the server strips unknown properties, which
 * would let the first branch swallow the second's field.)
 */
export const AdminExtendTrialBodySchema = Type.Object(
  {
    days: Type.Optional(Type.Integer({ minimum: 1, maximum: TRIAL_EXTENSION_MAX_DAYS })),
    until: Type.Optional(Type.String({ format: 'date' })),
  },
  { $id: 'AdminExtendTrialBody', additionalProperties: false },
);
export type AdminExtendTrialBody = Static<typeof AdminExtendTrialBodySchema>;

/**
 * A whole number within bounds, or null for no limit. One schema with two types rather than a union: with type
 * coercion on, a union would turn an out-of-bounds 0 into null ("no limit") instead of refusing it.
 */
const limitField = (bounds: { minimum: number; maximum: number }) => Type.Unsafe<number | null>({ type: ['integer', 'null'], ...bounds });
export const AdminEnterpriseLimitsBodySchema = Type.Object(
  {
    submission_limit: limitField(ENTERPRISE_LIMIT_BOUNDS.submission_limit),
    retention_days: limitField(ENTERPRISE_LIMIT_BOUNDS.retention_days),
    seats: limitField(ENTERPRISE_LIMIT_BOUNDS.seats),
  },
  { $id: 'AdminEnterpriseLimitsBody', additionalProperties: false },
);
export type AdminEnterpriseLimitsBody = Static<typeof AdminEnterpriseLimitsBodySchema>;
