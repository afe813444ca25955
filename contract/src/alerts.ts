import { Type, type Static } from 'typebox';

/**
 * Alerts when a recording arrives: the events every channel (email, webhooks, team chat, automation) is told about,
 * webhook endpoints and the delivery log (`/api/v1/integrations/webhooks…`). The webhook body format is in
 * docs/webhooks.md.
 */
export const ALERT_EVENT_TYPES = ['submission.created', 'submission.ready', 'submission.failed', 'submission.summarized', 'submission.state_changed', 'submission.assigned'] as const;
export type AlertEventType = (typeof ALERT_EVENT_TYPES)[number];
/** Sent only to one endpoint, on demand from the Webhooks section. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * submission.summarized: the recording's summary was stored (after the transcript, so always after submission.ready).
 * submission.state_changed: its review state moved (open, in_progress, resolved); submission.assigned: its assignee
 * changed. Both carry `change` beside the recording (docs/webhooks.md).
 */
export const AlertEventTypeSchema = Type.Union([
  Type.Literal('submission.created'),
  Type.Literal('submission.ready'),
  Type.Literal('submission.failed'),
  Type.Literal('submission.summarized'),
  Type.Literal('submission.state_changed'),
  Type.Literal('submission.assigned'),
]);

export const WEBHOOK_LIMITS = { maxUrlLength: 2000, maxDescriptionLength: 200, maxEndpointsPerAccount: 20 } as const;

export const WebhookEndpointStatusSchema = Type.Union([Type.Literal('enabled'), Type.Literal('paused'), Type.Literal('disabled')]);

export const WebhookEndpointSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    url: Type.String(),
    description: Type.String(),
    events: Type.Array(AlertEventTypeSchema),
    /** enabled; paused by a person; disabled by the product (410 Gone, or failing every attempt for 5 days). */
    status: WebhookEndpointStatusSchema,
    disabled_reason: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'WebhookEndpoint' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpointSchema>;

export const WebhookEndpointListSchema = Type.Object({ items: Type.Array(WebhookEndpointSchema) });
export type WebhookEndpointList = Static<typeof WebhookEndpointListSchema>;

const UrlField = Type.String({ minLength: 1, maxLength: WEBHOOK_LIMITS.maxUrlLength, description: 'https URL the product POSTs events to.' });
const EventsField = Type.Array(AlertEventTypeSchema, { minItems: 1, maxItems: ALERT_EVENT_TYPES.length, uniqueItems: true });

export const CreateWebhookEndpointSchema = Type.Object(
  {
    url: UrlField,
    description: Type.Optional(Type.String({ maxLength: WEBHOOK_LIMITS.maxDescriptionLength })),
    events: Type.Optional(EventsField),
  },
  { additionalProperties: false },
);
export type CreateWebhookEndpoint = Static<typeof CreateWebhookEndpointSchema>;

export const UpdateWebhookEndpointSchema = Type.Object(
  {
    url: Type.Optional(UrlField),
    description: Type.Optional(Type.String({ maxLength: WEBHOOK_LIMITS.maxDescriptionLength })),
    events: Type.Optional(EventsField),
    /** Pause or resume; resuming also re-enables an endpoint the product disabled. */
    status: Type.Optional(Type.Union([Type.Literal('enabled'), Type.Literal('paused')])),
  },
  { additionalProperties: false },
);
export type UpdateWebhookEndpoint = Static<typeof UpdateWebhookEndpointSchema>;

export const WebhookSecretSchema = Type.Object({
  /** whsec_ followed by base64 of 32 random bytes (Standard Webhooks). */
  secret: Type.String(),
  /** After a rotation: until when the previous secret still signs deliveries too. */
  previous_secret_expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type WebhookSecret = Static<typeof WebhookSecretSchema>;

export const DeliveryStatusSchema = Type.Union([Type.Literal('pending'), Type.Literal('sending'), Type.Literal('succeeded'), Type.Literal('failed')]);

export const AlertDeliverySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    event_id: Type.String({ format: 'uuid' }),
    event_type: Type.String(),
    submission_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    status: DeliveryStatusSchema,
    attempts: Type.Integer(),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    last_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** HTTP status of the last attempt; null when none came back (refused address, timeout, connection error). */
    last_status: Type.Union([Type.Integer(), Type.Null()]),
    /** The start of the response body, or what went wrong. */
    last_excerpt: Type.Union([Type.String(), Type.Null()]),
    duration_ms: Type.Union([Type.Integer(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'AlertDelivery' },
);
export type AlertDelivery = Static<typeof AlertDeliverySchema>;

export const AlertDeliveryListSchema = Type.Object({ items: Type.Array(AlertDeliverySchema) });
export type AlertDeliveryList = Static<typeof AlertDeliveryListSchema>;

export const WebhookTestResultSchema = Type.Object({ event_id: Type.String({ format: 'uuid' }) });

/** A person's own alert choices (`/api/v1/users/me/alert_preferences`, on /my/account). */
export const AlertPreferencesSchema = Type.Object(
  {
    /** The "New recording" email; on by default for owners and admins, off for members. */
    new_recording_email: Type.Boolean(),
  },
  { $id: 'AlertPreferences', additionalProperties: false },
);
export type AlertPreferences = Static<typeof AlertPreferencesSchema>;

