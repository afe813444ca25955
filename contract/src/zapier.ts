import { Type, type Static } from 'typebox';

/**
 * Zapier (the spec's automation service): the dashboard's calls (`/api/v1/integrations/zapier/…`, spec §7) and the
 * API the Zapier app calls with the account's key (`/api/v1/zapier/…`, header `X-API-Key`).
 */
export const ZAPIER_TRIGGER_EVENT = 'new_recording';
/** The Zapier app's triggers: a recording ready to watch; the team moved a recording's review state. */
export const ZAPIER_TRIGGER_EVENTS = [ZAPIER_TRIGGER_EVENT, 'recording_state_changed'] as const;
export type ZapierTriggerEvent = (typeof ZAPIER_TRIGGER_EVENTS)[number];

export const ZapierStatusSchema = Type.Object(
  { connected: Type.Boolean(), key_prefix: Type.Union([Type.String(), Type.Null()]), subscription_count: Type.Integer() },
  { $id: 'ZapierStatus' },
);
export type ZapierStatus = Static<typeof ZapierStatusSchema>;

/** Spec §3's connect response: the key only when one was just created (it is shown once). */
export const ZapierConnectSchema = Type.Object(
  { created: Type.Boolean(), api_key: Type.Union([Type.String(), Type.Null()]), key_prefix: Type.String(), message: Type.String() },
  { $id: 'ZapierConnect' },
);
export type ZapierConnect = Static<typeof ZapierConnectSchema>;

export const ZapierKeySchema = Type.Object({ api_key: Type.String(), key_prefix: Type.String() }, { $id: 'ZapierKey' });
export type ZapierKey = Static<typeof ZapierKeySchema>;

export const ZapierMeSchema = Type.Object({ account_id: Type.String(), account_name: Type.String(), key_prefix: Type.String() });

export const ZapierSubscribeSchema = Type.Object(
  {
    hookUrl: Type.String({ minLength: 1, maxLength: 2000, description: 'The REST hook URL Zapier gives (https).' }),
    /** Which trigger the zap listens to; new_recording when left out. */
    event: Type.Optional(Type.Union([Type.Literal(ZAPIER_TRIGGER_EVENT), Type.Literal('recording_state_changed')])),
  },
  { additionalProperties: false },
);
export type ZapierSubscribe = Static<typeof ZapierSubscribeSchema>;

export const ZapierSubscriptionSchema = Type.Object({ id: Type.String({ format: 'uuid' }), event: Type.String(), hookUrl: Type.String(), created_at: Type.String({ format: 'date-time' }) });
export const ZapierSubscriptionListSchema = Type.Object({ items: Type.Array(ZapierSubscriptionSchema) });
export type ZapierSubscription = Static<typeof ZapierSubscriptionSchema>;

