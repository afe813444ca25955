import { Type, type Static } from 'typebox';
import { AlertDeliverySchema } from './alerts.ts';
import { RecordingRequestSchema } from './recording.ts';

/**
 * Zendesk on /my/integrations and for the Zendesk app (`/api/v1/integrations/zendesk/…`): connect by OAuth, requests
 * made from a ticket, and the sync log of internal notes. Tokens are never part of a response.
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

export const ZendeskTicketParamsSchema = Type.Object({ ticketId: Type.String({ pattern: '^[1-9][0-9]{0,18}$' }) });

/** What the app knows about the ticket when the agent asks for a recording. */
export const CreateTicketRequestSchema = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    requester_email: Type.Optional(Type.Union([Type.String({ maxLength: 320, format: 'email' }), Type.Null()])),
    requester_name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateTicketRequest = Static<typeof CreateTicketRequestSchema>;

export const TicketRecordingSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: Type.String(),
  duration_ms: Type.Union([Type.Integer(), Type.Null()]),
  created_at: DateTime,
  recording_url: Type.String(),
});

export const TicketRequestStateSchema = Type.Union([
  Type.Literal('sent'),
  Type.Literal('opened'),
  Type.Literal('recording'),
  Type.Literal('uploaded'),
  Type.Literal('ready'),
  Type.Literal('failed'),
]);
export type TicketRequestState = Static<typeof TicketRequestStateSchema>;

export const TicketRequestSchema = Type.Object(
  {
    request: RecordingRequestSchema,
    ticket_id: Type.String(),
    requester_email: NullableText,
    requester_name: NullableText,
    /**
     * sent (link not opened yet), opened (the customer opened it), recording (an upload started), then the newest
     * recording's: uploaded (being processed), ready or failed.
     */
    state: TicketRequestStateSchema,
    recordings: Type.Array(TicketRecordingSchema),
  },
  { $id: 'ZendeskTicketRequest' },
);
export type TicketRequest = Static<typeof TicketRequestSchema>;

export const TicketRequestListSchema = Type.Object({ items: Type.Array(TicketRequestSchema) });
export type TicketRequestList = Static<typeof TicketRequestListSchema>;

/** One note written back (a delivery of the `zendesk` channel) and the ticket it went to. */
export const ZendeskSyncEntrySchema = Type.Object({ ...AlertDeliverySchema.properties, ticket_id: Type.String() }, { $id: 'ZendeskSyncEntry' });
export type ZendeskSyncEntry = Static<typeof ZendeskSyncEntrySchema>;

export const ZendeskSyncLogSchema = Type.Object({ items: Type.Array(ZendeskSyncEntrySchema) });
export type ZendeskSyncLog = Static<typeof ZendeskSyncLogSchema>;

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
