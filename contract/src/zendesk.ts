import { Type, type Static } from 'typebox';

/**
 * Zendesk on /my/integrations and for the Zendesk app (`/api/v1/integrations/zendesk/…`): connect by OAuth, requests
 * made from a ticket (helpdesk.ts), and the sync log of internal notes. Tokens are never part of a response.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

/** A Zendesk subdomain: `acme` of acme.zendesk.com (letters, digits and hyphens). */
export const ZendeskSubdomainSchema = Type.String({ minLength: 1, maxLength: 63, pattern: '^[a-z0-9][a-z0-9-]*$' });

export const ZendeskStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    subdomain: NullableText,
    /** Why notes stopped (access revoked…); null while it works. */
    error: NullableText,
    connected_at: Type.Union([DateTime, Type.Null()]),
    /** Tags added to the ticket with each note, for the helpdesk's own triggers and views. */
    note_tags: Type.Array(Type.String()),
    /** The Zendesk integration is part of the Scale plan and of the trial (spec §9); false otherwise. */
    plan_allows: Type.Boolean(),
  },
  { $id: 'ZendeskStatus' },
);
export type ZendeskStatus = Static<typeof ZendeskStatusSchema>;

/** A Zendesk tag: no spaces (Zendesk turns them into separate tags), lower case as Zendesk stores it. */
export const ZendeskTagSchema = Type.String({ minLength: 1, maxLength: 80, pattern: '^[a-z0-9_\\-:./]+$' });

export const UpdateZendeskSchema = Type.Object({ note_tags: Type.Array(ZendeskTagSchema, { maxItems: 10, uniqueItems: true }) }, { additionalProperties: false });
export type UpdateZendesk = Static<typeof UpdateZendeskSchema>;

export const ZendeskConnectSchema = Type.Object({ subdomain: ZendeskSubdomainSchema }, { additionalProperties: false });
export type ZendeskConnect = Static<typeof ZendeskConnectSchema>;

/**
 * The Zendesk app's own session (docs/zendesk.md, "How the app signs in"): the app makes a random verifier, the agent
 * approves its SHA-256 (`challenge`) in a Showback window, then the app exchanges the verifier for an app token.
 */
const Base64Url43 = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' });

export const ZendeskAppApproveSchema = Type.Object({ subdomain: ZendeskSubdomainSchema, challenge: Base64Url43 }, { additionalProperties: false });
export type ZendeskAppApprove = Static<typeof ZendeskAppApproveSchema>;

export const ZendeskAppApprovalSchema = Type.Object({ subdomain: Type.String(), approved_until: DateTime }, { $id: 'ZendeskAppApproval' });
export type ZendeskAppApproval = Static<typeof ZendeskAppApprovalSchema>;

export const ZendeskAppTokenRequestSchema = Type.Object({ verifier: Type.String({ pattern: '^[A-Za-z0-9_-]{43,128}$' }) }, { additionalProperties: false });
export type ZendeskAppTokenRequest = Static<typeof ZendeskAppTokenRequestSchema>;

export const ZendeskAppTokenSchema = Type.Object(
  {
    /** Sent as `Authorization: Bearer …` on the ticket calls; shown once. */
    token: Type.String(),
    subdomain: Type.String(),
    expires_at: DateTime,
    user: Type.Object({ name: Type.String(), email: Type.String() }),
  },
  { $id: 'ZendeskAppToken' },
);
export type ZendeskAppToken = Static<typeof ZendeskAppTokenSchema>;
