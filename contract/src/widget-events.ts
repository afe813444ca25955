import { Type, type Static } from 'typebox';

/**
 * What the widget captures on the host page and hands over with a submission: console, error, network and
 * navigation events on the recording's clock, metadata and identity. Kept apart from widget.ts so recording.ts
 * (the submission body) can use them without an import cycle.
 */
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
  /** Numeric bounds: far beyond any real page, small enough for the database's integer columns. */
  maxEventOffsetMs: 366 * 24 * 3600 * 1000,
  maxEventDurationMs: 24 * 3600 * 1000,
  maxTransferBytes: 1e12,
  maxSourcePosition: 10_000_000,
  maxDroppedEvents: 100_000_000,
  /** The customer's actions one submission keeps (the SDK keeps as many, the latest). */
  maxActions: 500,
  maxActionNameChars: 80,
  maxSelectorChars: 120,
  maxMetadataNumber: Number.MAX_SAFE_INTEGER,
} as const;

// ---------------------------------------------------------------- host-page events

export const WIDGET_CONSOLE_LEVELS = ['debug', 'info', 'log', 'warn', 'error'] as const;
export type WidgetConsoleLevel = (typeof WIDGET_CONSOLE_LEVELS)[number];

/**
 * Members of the event union refuse unknown properties with `not: {}` rather than `false`: Fastify's Ajv removes
 * properties under `additionalProperties: false` (removeAdditional), which inside an anyOf strips the fields of
 * one kind of event while trying another, so valid network events would fail and extra fields would pass.
 */
const CLOSED = { additionalProperties: Type.Never() };
const t = Type.Number({ minimum: -WIDGET_LIMITS.maxEventOffsetMs, maximum: WIDGET_LIMITS.maxEventOffsetMs, description: 'Milliseconds from the recording start (negative: before it).' });
const SourcePosition = Type.Integer({ minimum: 0, maximum: WIDGET_LIMITS.maxSourcePosition });
const TransferBytes = Type.Integer({ minimum: 0, maximum: WIDGET_LIMITS.maxTransferBytes });
const Str = (max: number) => Type.String({ maxLength: max });
const Headers = Type.Record(Type.String({ maxLength: 200 }), Str(2000), { maxProperties: WIDGET_LIMITS.maxHeaders });

export const WidgetConsoleEventSchema = Type.Object(
  {
    kind: Type.Literal('console'),
    t,
    level: Type.Union([Type.Literal('debug'), Type.Literal('info'), Type.Literal('log'), Type.Literal('warn'), Type.Literal('error')]),
    message: Str(WIDGET_LIMITS.maxMessageChars),
  },
  CLOSED,
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
    line: Type.Optional(SourcePosition),
    column: Type.Optional(SourcePosition),
  },
  CLOSED,
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
    duration_ms: Type.Number({ minimum: 0, maximum: WIDGET_LIMITS.maxEventDurationMs }),
    request_size: Type.Optional(TransferBytes),
    response_size: Type.Optional(TransferBytes),
    error: Type.Optional(Str(1000)),
    /** Only for URLs and header names the integrator allowlisted; credentials are always redacted. */
    request_headers: Type.Optional(Headers),
    response_headers: Type.Optional(Headers),
    request_body: Type.Optional(Str(WIDGET_LIMITS.maxBodyChars)),
    response_body: Type.Optional(Str(WIDGET_LIMITS.maxBodyChars)),
  },
  CLOSED,
);

export const WidgetNavigationEventSchema = Type.Object(
  {
    kind: Type.Literal('navigation'),
    t,
    url: Str(WIDGET_LIMITS.maxUrlChars),
    trigger: Type.Union([Type.Literal('push'), Type.Literal('replace'), Type.Literal('pop'), Type.Literal('hash')]),
  },
  CLOSED,
);

const ActionSchema = Type.Union([
  Type.Literal('click'),
  Type.Literal('tap'),
  Type.Literal('change'),
  Type.Literal('key'),
  Type.Literal('submit'),
  Type.Literal('page_hidden'),
  Type.Literal('page_visible'),
  Type.Literal('page_blur'),
  Type.Literal('page_focus'),
  Type.Literal('scroll'),
]);
export type WidgetAction = Static<typeof ActionSchema>;

/**
 * Something the customer did on the host page. The target is described as a person reads it (`role`, `name`: its
 * accessible name or visible text, cut) plus a short `selector`; never what was typed into a field. `state` is a
 * checkbox's "checked"/"unchecked" or a select's chosen option, only for fields that are not sensitive.
 */
export const WidgetActionEventSchema = Type.Object(
  {
    kind: Type.Literal('action'),
    t,
    action: ActionSchema,
    role: Type.Optional(Str(40)),
    name: Type.Optional(Str(WIDGET_LIMITS.maxActionNameChars)),
    selector: Type.Optional(Str(WIDGET_LIMITS.maxSelectorChars)),
    key: Type.Optional(Type.Union([Type.Literal('Enter'), Type.Literal('Escape'), Type.Literal('Tab')])),
    state: Type.Optional(Str(WIDGET_LIMITS.maxActionNameChars)),
  },
  CLOSED,
);

export const WidgetEventSchema = Type.Union([WidgetConsoleEventSchema, WidgetErrorEventSchema, WidgetNetworkEventSchema, WidgetNavigationEventSchema, WidgetActionEventSchema]);
export type WidgetConsoleEvent = Static<typeof WidgetConsoleEventSchema>;
export type WidgetErrorEvent = Static<typeof WidgetErrorEventSchema>;
export type WidgetNetworkEvent = Static<typeof WidgetNetworkEventSchema>;
export type WidgetNavigationEvent = Static<typeof WidgetNavigationEventSchema>;
export type WidgetActionEvent = Static<typeof WidgetActionEventSchema>;
export type WidgetEvent = Static<typeof WidgetEventSchema>;
export type WidgetEventKind = WidgetEvent['kind'];

/** One `type` list rather than a union: Ajv's type coercion would turn 4 into "4" trying the string member first. */
export const WidgetMetadataValueSchema = Type.Unsafe<string | number | boolean | null>({
  type: ['string', 'number', 'boolean', 'null'],
  maxLength: WIDGET_LIMITS.maxMetadataValueChars,
  minimum: -WIDGET_LIMITS.maxMetadataNumber,
  maximum: WIDGET_LIMITS.maxMetadataNumber,
});
export const WidgetMetadataSchema = Type.Record(Type.String({ maxLength: 100 }), WidgetMetadataValueSchema, {
  maxProperties: WIDGET_LIMITS.maxMetadataKeys,
});
export type WidgetMetadata = Static<typeof WidgetMetadataSchema>;

export const WidgetIdentitySchema = Type.Object(
  { id: Type.Optional(Str(200)), email: Type.Optional(Str(320)), name: Type.Optional(Str(200)) },
  { additionalProperties: false },
);
export type WidgetIdentity = Static<typeof WidgetIdentitySchema>;

/** Events the SDK's buffer evicted before the hand-off (count and byte limits). */
export const DroppedEventsSchema = Type.Integer({ minimum: 0, maximum: WIDGET_LIMITS.maxDroppedEvents });
