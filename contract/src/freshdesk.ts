import { Type, type Static } from 'typebox';

/**
 * Freshdesk on /my/integrations (`/api/v1/integrations/freshdesk/…`): connect with the helpdesk's domain and an
 * admin's API key (Freshdesk's REST API has no OAuth), then requests made from a ticket (helpdesk.ts) and the sync
 * log of private notes. The key is never part of a response.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** A Freshdesk helpdesk's own domain: `acme.freshdesk.com` (the API is not served on a custom portal domain). */
export const FreshdeskDomainSchema = Type.String({ minLength: 15, maxLength: 90, pattern: '^[a-z0-9][a-z0-9-]*\\.freshdesk\\.com$' });

export const FreshdeskConnectSchema = Type.Object(
  {
    domain: FreshdeskDomainSchema,
    /** Profile settings → "Your API Key" of an admin in Freshdesk. */
    api_key: Type.String({ minLength: 8, maxLength: 200, pattern: '^[A-Za-z0-9_-]+$' }),
  },
  { additionalProperties: false },
);
export type FreshdeskConnect = Static<typeof FreshdeskConnectSchema>;

export const FreshdeskStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    domain: NullableText,
    /** Whose key posts the notes (Freshdesk's answer to GET /api/v2/agents/me at connect). */
    agent: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()]),
    /** Why notes stopped (key revoked or changed…); null while it works. */
    error: NullableText,
    connected_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** When the app token in use was issued (null: none yet); the token itself is shown once, at issue. */
    app_token_issued_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** Freshdesk is part of every paid plan and of the trial; false otherwise. */
    plan_allows: Type.Boolean(),
  },
  { $id: 'FreshdeskStatus' },
);
export type FreshdeskStatus = Static<typeof FreshdeskStatusSchema>;

/** The Freshdesk app's token, shown once: pasted into the app's secure installation parameter in Freshdesk. */
export const FreshdeskAppTokenSchema = Type.Object({ token: Type.String(), issued_at: Type.String({ format: 'date-time' }) }, { $id: 'FreshdeskAppToken' });
export type FreshdeskAppToken = Static<typeof FreshdeskAppTokenSchema>;
