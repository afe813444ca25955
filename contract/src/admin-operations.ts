import { Type, type Static } from 'typebox';
import { AlertDeliverySchema, DeliveryStatusSchema } from './alerts.ts';
import { ADMIN_SEARCH_MAX } from './admin.ts';
import { PROCESSING_STATUSES, SUBMISSION_SOURCES } from './recording.ts';
import { ZapierSubscriptionSchema } from './zapier.ts';
import { adminPageFields, pageOf } from './support.ts';

/**
 * The operators' lists of what customers made (recording requests, submissions, invitations) and of what the product
 * sent for them (webhook and notification deliveries, Zapier subscriptions), each with its audited action. System
 * admins only (/donkey/…).
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const NullableInteger = Type.Union([Type.Integer(), Type.Null()]);
const Uuid = Type.String({ format: 'uuid' });
const Search = Type.Optional(Type.String({ maxLength: ADMIN_SEARCH_MAX }));
const ByAge = ['newest', 'oldest'] as const;

/** Whether the request's link opens the recorder: `archived` and `expired` links answer 410 to recipients. */
export const LINK_STATES = ['active', 'expired', 'archived'] as const;

export const AdminRecordingRequestSchema = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    account_id: Uuid,
    account_name: Type.String(),
    /** The member who created it; null once that member is deleted. */
    owner_email: NullableText,
    link_state: Type.Enum(LINK_STATES),
    expires_at: NullableText,
    /** Links of this request revoked so far (each revoke retires the link and issues a new one). */
    revoked_links: Type.Integer(),
    submission_count: Type.Integer(),
    created_at: Type.String(),
  },
  { $id: 'AdminRecordingRequest' },
);
export type AdminRecordingRequest = Static<typeof AdminRecordingRequestSchema>;

export const ADMIN_REQUEST_SORTS = [...ByAge, 'title', 'most_submissions'] as const;
export const AdminRecordingRequestQuerySchema = Type.Object({
  /** Matches the title, the account's name or the owner's email. */
  q: Search,
  link_state: Type.Optional(Type.Enum(LINK_STATES)),
  account_id: Type.Optional(Uuid),
  sort: Type.Optional(Type.Enum(ADMIN_REQUEST_SORTS)),
  ...adminPageFields,
});
export type AdminRecordingRequestQuery = Static<typeof AdminRecordingRequestQuerySchema>;
export const AdminRecordingRequestListSchema = pageOf(AdminRecordingRequestSchema, 'AdminRecordingRequestList');
export type AdminRecordingRequestList = Static<typeof AdminRecordingRequestListSchema>;


export const AdminSubmissionSchema = Type.Object(
  {
    id: Uuid,
    account_id: Uuid,
    account_name: Type.String(),
    request_id: Uuid,
    request_title: Type.String(),
    source: Type.Enum(SUBMISSION_SOURCES),
    status: Type.Enum(PROCESSING_STATUSES),
    recipient_email: NullableText,
    /** Of the processed MP4 once ready, of the upload before. */
    size_bytes: NullableInteger,
    /** Measured once processed; the recorder's own figure before. */
    duration_ms: NullableInteger,
    /** Why processing failed (or the last retried attempt's error). */
    processing_error: NullableText,
    created_at: Type.String(),
  },
  { $id: 'AdminSubmission' },
);
export type AdminSubmission = Static<typeof AdminSubmissionSchema>;

export const AdminSubmissionDetailSchema = Type.Intersect(
  [
    AdminSubmissionSchema,
    Type.Object({
      recipient_name: NullableText,
      mime_type: Type.String(),
      width: NullableInteger,
      height: NullableInteger,
      processing_attempts: Type.Integer(),
      processed_at: NullableText,
      watermark: Type.Boolean(),
    }),
  ],
  { $id: 'AdminSubmissionDetail' },
);
export type AdminSubmissionDetail = Static<typeof AdminSubmissionDetailSchema>;

export const ADMIN_SUBMISSION_SORTS = [...ByAge, 'largest'] as const;
export const AdminSubmissionQuerySchema = Type.Object({
  /** Matches the recipient's email or the request's title. */
  q: Search,
  status: Type.Optional(Type.Enum(PROCESSING_STATUSES)),
  source: Type.Optional(Type.Enum(SUBMISSION_SOURCES)),
  account_id: Type.Optional(Uuid),
  sort: Type.Optional(Type.Enum(ADMIN_SUBMISSION_SORTS)),
  ...adminPageFields,
});
export type AdminSubmissionQuery = Static<typeof AdminSubmissionQuerySchema>;
export const AdminSubmissionListSchema = pageOf(AdminSubmissionSchema, 'AdminSubmissionList');
export type AdminSubmissionList = Static<typeof AdminSubmissionListSchema>;

export const INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;

export const AdminInvitationSchema = Type.Object(
  {
    id: Uuid,
    account_id: Uuid,
    account_name: Type.String(),
    email: Type.String(),
    role: Type.String(),
    status: Type.Enum(INVITATION_STATES),
    invited_by_email: NullableText,
    created_at: Type.String(),
    expires_at: Type.String(),
  },
  { $id: 'AdminInvitation' },
);
export type AdminInvitation = Static<typeof AdminInvitationSchema>;

export const ADMIN_INVITATION_SORTS = [...ByAge, 'expiring'] as const;
export const AdminInvitationQuerySchema = Type.Object({
  /** Matches the invited email or the account's name. */
  q: Search,
  status: Type.Optional(Type.Enum(INVITATION_STATES)),
  sort: Type.Optional(Type.Enum(ADMIN_INVITATION_SORTS)),
  ...adminPageFields,
});
export type AdminInvitationQuery = Static<typeof AdminInvitationQuerySchema>;
export const AdminInvitationListSchema = pageOf(AdminInvitationSchema, 'AdminInvitationList');
export type AdminInvitationList = Static<typeof AdminInvitationListSchema>;

/** /donkey/webhook-deliveries and /donkey/notification-deliveries: every account's deliveries of those channels. */
export const AdminAlertDeliverySchema = Type.Intersect([AlertDeliverySchema, Type.Object({ account_id: Uuid, account_name: Type.String(), channel: Type.String(), target: Type.String() })], { $id: 'AdminAlertDelivery' });
export type AdminAlertDelivery = Static<typeof AdminAlertDeliverySchema>;
export const AdminAlertDeliveryListSchema = pageOf(AdminAlertDeliverySchema, 'AdminAlertDeliveryList');
export type AdminAlertDeliveryList = Static<typeof AdminAlertDeliveryListSchema>;

export const AdminAlertDeliveriesQuerySchema = Type.Object(
  {
    /** One channel (webhook, email, slack, teams, zapier), or several separated by commas. */
    channel: Type.Optional(Type.String({ maxLength: 100, pattern: '^[a-z]+(,[a-z]+)*$' })),
    status: Type.Optional(DeliveryStatusSchema),
    /** Matches the account's name. */
    q: Search,
    sort: Type.Optional(Type.Enum(ByAge)),
    ...adminPageFields,
  },
  { additionalProperties: false },
);
export type AdminAlertDeliveriesQuery = Static<typeof AdminAlertDeliveriesQuerySchema>;

/** /donkey/zapier-subscriptions: every account's zaps. */
export const AdminZapierSubscriptionSchema = Type.Intersect([ZapierSubscriptionSchema, Type.Object({ account_id: Uuid, account_name: Type.String() })], { $id: 'AdminZapierSubscription' });
export const AdminZapierSubscriptionListSchema = pageOf(AdminZapierSubscriptionSchema, 'AdminZapierSubscriptionList');
export type AdminZapierSubscriptionList = Static<typeof AdminZapierSubscriptionListSchema>;
export const AdminZapierQuerySchema = Type.Object({
  /** Matches the account's name or the hook URL. */
  q: Search,
  sort: Type.Optional(Type.Enum(ByAge)),
  ...adminPageFields,
});
export type AdminZapierQuery = Static<typeof AdminZapierQuerySchema>;
