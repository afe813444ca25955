import { Type, type Static } from 'typebox';
import { PublicBrandingSchema } from './branding.ts';

/**
 * Share links: a recording shown read-only to people without a Showback account, at `/s/<token>`
 * (docs/reviewing-recordings.md#sharing). Who may open one is its audience; domain and named-people links verify the
 * viewer by a one-time code emailed to them.
 */
export const SHARE_AUDIENCES = ['anyone', 'domain', 'people'] as const;
export const ShareAudienceSchema = Type.Union([Type.Literal('anyone'), Type.Literal('domain'), Type.Literal('people')]);
export type ShareAudience = Static<typeof ShareAudienceSchema>;

/** off: no share links; verified: domain and named-people links only; on: links for anyone too. */
export const SharingModeSchema = Type.Union([Type.Literal('off'), Type.Literal('verified'), Type.Literal('on')]);
export type SharingMode = Static<typeof SharingModeSchema>;

/** What an issue, helpdesk note or chat post links to: one link for the account's domains, or one for anyone per message. */
export const OutsideLinksSchema = Type.Union([Type.Literal('domain'), Type.Literal('issue')]);
export type OutsideLinks = Static<typeof OutsideLinksSchema>;

/** The lifetimes offered, in days; `null` (never) only on paid plans (docs/product-decisions.md, "Share links"). */
export const SHARE_EXPIRY_DAYS = [1, 7, 30, 90] as const;
export const DEFAULT_SHARE_EXPIRY_DAYS = 30;
/** Named people on one link, and domains in an account's list. */
export const MAX_SHARE_EMAILS = 50;
export const MAX_SHARING_DOMAINS = 20;
/** The one-time code's length (digits) and lifetime. */
export const SHARE_CODE_DIGITS = 6;
export const SHARE_CODE_MINUTES = 10;

const Email = Type.String({ format: 'email', maxLength: 254 });
const Domain = Type.String({ minLength: 3, maxLength: 253, pattern: '^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)+$' });

export const SharingSettingsSchema = Type.Object(
  {
    mode: SharingModeSchema,
    /** Email domains whose verified people may open a domain link, lower case, e.g. `example.com`. */
    domains: Type.Array(Domain, { maxItems: MAX_SHARING_DOMAINS }),
    outside_links: OutsideLinksSchema,
    /** Whether the plan offers links that never expire. */
    never_expires_allowed: Type.Boolean(),
  },
  { $id: 'SharingSettings' },
);
export type SharingSettings = Static<typeof SharingSettingsSchema>;

export const UpdateSharingSettingsSchema = Type.Object(
  {
    mode: Type.Optional(SharingModeSchema),
    domains: Type.Optional(Type.Array(Domain, { maxItems: MAX_SHARING_DOMAINS })),
    outside_links: Type.Optional(OutsideLinksSchema),
  },
  { additionalProperties: false },
);
export type UpdateSharingSettings = Static<typeof UpdateSharingSettingsSchema>;

export const CreateShareLinkSchema = Type.Object(
  {
    audience: ShareAudienceSchema,
    /** The named people of a `people` link. */
    emails: Type.Optional(Type.Array(Email, { maxItems: MAX_SHARE_EMAILS })),
    /** Days until it expires; null: never (paid plans). Default 30. */
    expires_in_days: Type.Optional(Type.Union([Type.Literal(1), Type.Literal(7), Type.Literal(30), Type.Literal(90), Type.Null()])),
    /** Whether its verified viewers may comment (stored for guest comments). */
    allow_comments: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateShareLink = Static<typeof CreateShareLinkSchema>;

const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

export const ShareLinkViewSchema = Type.Object({ email: Type.Union([Type.String(), Type.Null()]), viewed_at: DateTime });

export const ShareLinkSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    submission_id: Type.String({ format: 'uuid' }),
    audience: ShareAudienceSchema,
    emails: Type.Array(Type.String()),
    /** The account's domains when it was listed (a domain link follows the account's list). */
    domains: Type.Array(Type.String()),
    allow_comments: Type.Boolean(),
    /** 'outside': made by Showback for an issue, helpdesk note or chat post. */
    purpose: Type.Union([Type.Literal('manual'), Type.Literal('outside')]),
    created_by: Type.Union([Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() }), Type.Null()]),
    created_at: DateTime,
    expires_at: NullableDateTime,
    revoked_at: NullableDateTime,
    /** active, expired or revoked. */
    state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('revoked')]),
    /** Who opened it and when, newest first (the last 50). */
    views: Type.Array(ShareLinkViewSchema),
  },
  { $id: 'ShareLink' },
);
export type ShareLink = Static<typeof ShareLinkSchema>;

/** The answer to creating a link: the only time its address is shown. */
export const CreatedShareLinkSchema = Type.Object({ ...ShareLinkSchema.properties, url: Type.String() }, { $id: 'CreatedShareLink' });
export type CreatedShareLink = Static<typeof CreatedShareLinkSchema>;

export const ShareLinkListSchema = Type.Object({ items: Type.Array(ShareLinkSchema), settings: SharingSettingsSchema }, { $id: 'ShareLinkList' });
export type ShareLinkList = Static<typeof ShareLinkListSchema>;

/** What the shared page learns first: whose it is, and whether the viewer must verify their email. */
export const SharedLinkInfoSchema = Type.Object(
  {
    audience: ShareAudienceSchema,
    branding: PublicBrandingSchema,
    /** True once the viewer may watch (an `anyone` link, or a verified viewer of this link). */
    verified: Type.Boolean(),
    /** The verified viewer's email, when there is one. */
    email: Type.Union([Type.String(), Type.Null()]),
    allow_comments: Type.Boolean(),
    expires_at: NullableDateTime,
  },
  { $id: 'SharedLinkInfo' },
);
export type SharedLinkInfo = Static<typeof SharedLinkInfoSchema>;

export const RequestShareCodeSchema = Type.Object({ email: Email }, { additionalProperties: false });
export type RequestShareCode = Static<typeof RequestShareCodeSchema>;

export const VerifyShareCodeSchema = Type.Object(
  { email: Email, code: Type.String({ minLength: SHARE_CODE_DIGITS, maxLength: SHARE_CODE_DIGITS, pattern: '^[0-9]+$' }) },
  { additionalProperties: false },
);
export type VerifyShareCode = Static<typeof VerifyShareCodeSchema>;
