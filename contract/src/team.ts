import { Type, type Static } from 'typebox';
import { PLAN_IDS } from './plans.ts';
import { ROLES, USER_LIMITS } from './users.ts';

/**
 * The team of an account (`/api/v1/team…`): members, pending invitations and seats. Who may do what is in
 * docs/team.md; the API enforces it.
 */
export const INVITATION_LIFETIME_DAYS = 7;
/** Roles an invitation or a role change may give; the owner role only moves by transferring ownership. */
export const ASSIGNABLE_ROLES = ['admin', 'member'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

const AssignableRoleSchema = Type.Enum(ASSIGNABLE_ROLES);
const id = Type.String({ format: 'uuid' });
const dateTime = Type.String({ format: 'date-time' });

export const TeamMemberSchema = Type.Object(
  {
    id,
    name: Type.String(),
    email: Type.String(),
    role: Type.Enum(ROLES),
    /** The last request of any of their sessions, to the hour; null when they never signed in. */
    last_active_at: Type.Union([dateTime, Type.Null()]),
    joined_at: dateTime,
  },
  { $id: 'TeamMember' },
);
export type TeamMember = Static<typeof TeamMemberSchema>;

export const InvitationSchema = Type.Object(
  {
    id,
    email: Type.String(),
    role: AssignableRoleSchema,
    /** Name of who sent (or last resent) it; null once that person left the account. */
    invited_by: Type.Union([Type.String(), Type.Null()]),
    expires_at: dateTime,
    /** Past expires_at: it no longer holds a seat; resend it to give a new 7-day link. */
    expired: Type.Boolean(),
    created_at: dateTime,
  },
  { $id: 'Invitation' },
);
export type Invitation = Static<typeof InvitationSchema>;

export const SeatsSchema = Type.Object(
  {
    /** The effective plan's user limit; null for no limit (enterprise). */
    limit: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
    /** Members plus unexpired pending invitations. */
    used: Type.Integer({ minimum: 0 }),
    plan: Type.Enum(PLAN_IDS),
  },
  { $id: 'Seats' },
);
export type Seats = Static<typeof SeatsSchema>;

/** GET /team: what every member of the account may see. */
export const TeamSchema = Type.Object(
  {
    members: Type.Array(TeamMemberSchema),
    invitations: Type.Array(InvitationSchema),
    seats: SeatsSchema,
  },
  { $id: 'Team' },
);
export type Team = Static<typeof TeamSchema>;

export const CreateInvitationBodySchema = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 1, maxLength: USER_LIMITS.emailMax }),
    role: AssignableRoleSchema,
  },
  { $id: 'CreateInvitationBody' },
);
export type CreateInvitationBody = Static<typeof CreateInvitationBodySchema>;

export const UpdateMemberBodySchema = Type.Object({ role: AssignableRoleSchema }, { $id: 'UpdateMemberBody' });
export type UpdateMemberBody = Static<typeof UpdateMemberBodySchema>;

/** Invitation tokens are 32 random bytes in base64url (43 characters). */
export const InvitationTokenSchema = Type.String({ minLength: 1, maxLength: 200 });

export const InvitationLookupQuerySchema = Type.Object({ invitation_token: InvitationTokenSchema });
export type InvitationLookupQuery = Static<typeof InvitationLookupQuerySchema>;

/**
 * GET /invitations/lookup: what the sign-up screen shows for a valid token. email_has_account is only told to the
 * holder of the token (who reads that inbox): such an invitation cannot be accepted (docs/product-decisions.md).
 */
export const InvitationPreviewSchema = Type.Object(
  {
    account_name: Type.String(),
    email: Type.String(),
    role: AssignableRoleSchema,
    invited_by: Type.Union([Type.String(), Type.Null()]),
    expires_at: dateTime,
    email_has_account: Type.Boolean(),
  },
  { $id: 'InvitationPreview' },
);
export type InvitationPreview = Static<typeof InvitationPreviewSchema>;
