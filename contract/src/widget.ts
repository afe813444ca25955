import { Type, type Static } from 'typebox';
import { EnvironmentSchema } from './recording.ts';

/**
 * The embeddable widget: the postMessage protocol between the SDK on the host page and the recorder in its iframe,
 * the events the SDK captures on the host page, and the widget API (`/api/v1/widget…`).
 *
 * Every message carries `protocol` and `v`; a receiver ignores anything whose origin, source window, protocol name,
 * version or shape it does not expect. Both sides post with an exact target origin, never `*`.
 */
export const WIDGET_PROTOCOL = 'showback-widget';
export const WIDGET_PROTOCOL_VERSION = 1;

/** Caps the recorder applies to what the host sends (the API applies the same ones again). */
export const WIDGET_LIMITS = {
  maxEvents: 2000,
  maxContextBytes: 2_000_000,
  maxMessageChars: 10_000,
  maxUrlChars: 4000,
  maxBodyChars: 10_000,
  maxHeaders: 50,
  maxMetadataKeys: 50,
  maxMetadataValueChars: 1000,
  maxInstructionsChars: 2000,
} as const;

// ---------------------------------------------------------------- host-page events

export const WIDGET_CONSOLE_LEVELS = ['debug', 'info', 'log', 'warn', 'error'] as const;
export type WidgetConsoleLevel = (typeof WIDGET_CONSOLE_LEVELS)[number];

const t = Type.Number({ description: 'Milliseconds from the recording start (negative: before it).' });
const Str = (max: number) => Type.String({ maxLength: max });
const Headers = Type.Record(Type.String({ maxLength: 200 }), Str(2000), { maxProperties: WIDGET_LIMITS.maxHeaders });

export const WidgetConsoleEventSchema = Type.Object(
  {
    kind: Type.Literal('console'),
    t,
    level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('log'), Type.Literal('warn'), Type.Literal('error')]),
    message: Str(WIDGET_LIMITS.maxMessageChars),
  },
  { additionalProperties: false },
);

export const WidgetErrorEventSchema = Type.Object(
  {
    kind: Type.Literal('error'),
    t,
    /** `error`: an uncaught exception; `rejection`: an unhandled promise rejection. */
    cause: Type.Union([Type.Literal('error'), Type.Literal('rejection')]),
    message: Str(WIDGET_LIMITS.maxMessageChars),
    stack: Type.Optional(Str(WIDGET_LIMITS.maxMessageChars)),
    source: Type.Optional(Str(WIDGET_LIMITS.maxUrlChars)),
    line: Type.Optional(Type.Integer({ minimum: 0 })),
    column: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);

export const WidgetNetworkEventSchema = Type.Object(
  {
    kind: Type.Literal('network'),
    t,
    transport: Type.Union([Type.Literal('fetch'), Type.Literal('xhr')]),
    method: Str(20),
    url: Str(WIDGET_LIMITS.maxUrlChars),
    /** HTTP status; 0 when the request failed without a response (network error, CORS, abort). */
    status: Type.Integer({ minimum: 0, maximum: 999 }),
    duration_ms: Type.Number({ minimum: 0 }),
    request_size: Type.Optional(Type.Integer({ minimum: 0 })),
    response_size: Type.Optional(Type.Integer({ minimum: 0 })),
    error: Type.Optional(Str(1000)),
    /** Only for URLs and header names the integrator allowlisted; credentials are always redacted. */
    request_headers: Type.Optional(Headers),
    response_headers: Type.Optional(Headers),
    request_body: Type.Optional(Str(WIDGET_LIMITS.maxBodyChars)),
    response_body: Type.Optional(Str(WIDGET_LIMITS.maxBodyChars)),
  },
  { additionalProperties: false },
);

export const WidgetNavigationEventSchema = Type.Object(
  {
    kind: Type.Literal('navigation'),
    t,
    url: Str(WIDGET_LIMITS.maxUrlChars),
    trigger: Type.Union([Type.Literal('push'), Type.Literal('replace'), Type.Literal('pop'), Type.Literal('hash')]),
  },
  { additionalProperties: false },
);

export const WidgetEventSchema = Type.Union([WidgetConsoleEventSchema, WidgetErrorEventSchema, WidgetNetworkEventSchema, WidgetNavigationEventSchema]);
export type WidgetConsoleEvent = Static<typeof WidgetConsoleEventSchema>;
export type WidgetErrorEvent = Static<typeof WidgetErrorEventSchema>;
export type WidgetNetworkEvent = Static<typeof WidgetNetworkEventSchema>;
export type WidgetNavigationEvent = Static<typeof WidgetNavigationEventSchema>;
export type WidgetEvent = Static<typeof WidgetEventSchema>;
export type WidgetEventKind = WidgetEvent['kind'];

export const WidgetMetadataValueSchema = Type.Union([Str(WIDGET_LIMITS.maxMetadataValueChars), Type.Number(), Type.Boolean(), Type.Null()]);
export const WidgetMetadataSchema = Type.Record(Type.String({ maxLength: 100 }), WidgetMetadataValueSchema, {
  maxProperties: WIDGET_LIMITS.maxMetadataKeys,
});
export type WidgetMetadata = Static<typeof WidgetMetadataSchema>;

export const WidgetIdentitySchema = Type.Object(
  { id: Type.Optional(Str(200)), email: Type.Optional(Str(320)), name: Type.Optional(Str(200)) },
  { additionalProperties: false },
);
export type WidgetIdentity = Static<typeof WidgetIdentitySchema>;

/** What the SDK hands the recorder at submit time: redacted events with offsets, environment, metadata, identity. */
export const WidgetContextSchema = Type.Object(
  {
    events: Type.Array(WidgetEventSchema, { maxItems: WIDGET_LIMITS.maxEvents }),
    /** Events the rolling buffer evicted (count and byte limits) before the hand-off. */
    dropped_events: Type.Integer({ minimum: 0 }),
    environment: EnvironmentSchema,
    metadata: WidgetMetadataSchema,
    identity: Type.Optional(WidgetIdentitySchema),
  },
  { additionalProperties: false },
);
export type WidgetContext = Static<typeof WidgetContextSchema>;

// ---------------------------------------------------------------- postMessage protocol

interface Envelope<T extends string> {
  protocol: typeof WIDGET_PROTOCOL;
  v: typeof WIDGET_PROTOCOL_VERSION;
  type: T;
}

/** Recorder iframe → SDK. */
export type WidgetRecorderMessage =
  | (Envelope<'ready'>)
  | (Envelope<'recording:start'> & { /** Epoch ms (`performance.timeOrigin + performance.now()`) in the recorder. */ startedAt: number })
  | (Envelope<'recording:stop'> & { durationMs: number })
  | (Envelope<'upload:progress'> & { loaded: number; total: number | null })
  | (Envelope<'context:request'> & { id: string; startedAt: number })
  | (Envelope<'submitted'> & { submissionId: string })
  | (Envelope<'error'> & { code: string; message: string })
  | (Envelope<'close'>);
export type WidgetRecorderMessageType = WidgetRecorderMessage['type'];

/** SDK → recorder iframe. */
export type WidgetHostMessage = Envelope<'context'> & { id: string; context: WidgetContext };

// ---------------------------------------------------------------- widget API

/** `POST /api/v1/widget/sessions`, called by the SDK from the host page (CORS; no cookies). */
export const CreateWidgetSessionSchema = Type.Object(
  {
    key: Type.String({ minLength: 1, maxLength: 100 }),
    /** The host page's origin as the SDK sees it; must equal the request's `Origin` (or `Referer`) header. */
    origin: Type.String({ maxLength: 300 }),
    request_id: Type.Optional(Type.String({ format: 'uuid' })),
    instructions: Type.Optional(Type.String({ maxLength: WIDGET_LIMITS.maxInstructionsChars })),
  },
  { additionalProperties: false },
);
export type CreateWidgetSession = Static<typeof CreateWidgetSessionSchema>;

export const WidgetSessionSchema = Type.Object({
  /** Usable like a request token by the recorder for the upload and the submission. */
  token: Type.String(),
  /** The recorder page for this session, on the product's origin; the SDK frames it. */
  recorder_url: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type WidgetSession = Static<typeof WidgetSessionSchema>;
