import { Type, type Static } from 'typebox';
import { EnvironmentSchema } from './recording.ts';
import { DroppedEventsSchema, WIDGET_LIMITS, WidgetEventSchema, WidgetIdentitySchema, WidgetMetadataSchema } from './widget-events.ts';
import type { WIDGET_PROTOCOL, WIDGET_PROTOCOL_VERSION } from './widget-protocol.ts';

/**
 * The embeddable widget: the postMessage protocol between the SDK on the host page and the recorder in its iframe,
 * the events the SDK captures on the host page, and the widget API (`/api/v1/widget…`).
 *
 * Every message carries `protocol` and `v`; a receiver ignores anything whose origin, source window, protocol name,
 * version or shape it does not expect. Both sides post with an exact target origin, never `*`.
 */
export * from './widget-protocol.ts';
export * from './widget-events.ts';

/** What the SDK hands the recorder at submit time: redacted events with offsets, environment, metadata, identity. */
export const WidgetContextSchema = Type.Object(
  {
    events: Type.Array(WidgetEventSchema, { maxItems: WIDGET_LIMITS.maxEvents }),
    dropped_events: DroppedEventsSchema,
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
  | (Envelope<'close'>)
  /**
   * While recording the recorder asks to be a small floating control (`compact`) so the host page stays usable, and
   * to be the full modal again (`full`) after Stop or when the customer reopens it (docs/recorder.md, "In the widget").
   */
  | (Envelope<'layout'> & { layout: WidgetLayout })
  | (Envelope<'spool'> & WidgetSpoolCall);
export type WidgetLayout = 'compact' | 'full';
export type WidgetRecorderMessageType = WidgetRecorderMessage['type'];

/** SDK → recorder iframe. */
export type WidgetHostMessage =
  | (Envelope<'context'> & { id: string; context: WidgetContext })
  | (Envelope<'spool:result'> & { id: string; ok: boolean; value?: unknown; error?: string })
  /**
   * Where the page named its app shell (`init({ recordElement })`) and the browser has Element Capture: a
   * `RestrictionTarget` for it, sent once in answer to `ready`. The recorder restricts its capture of this tab to that
   * element, which leaves the widget's control (outside it) out of the video (docs/recorder.md, "In the widget").
   * `null` once the element left the page or is hidden (the browser would send no frames): the whole tab again.
   */
  | (Envelope<'capture:restrict'> & { target: object | null })
  /** The page switched the widget's language (`Showback.setLocale()`): the recorder speaks it from now on. */
  | (Envelope<'locale'> & { locale: string });

/**
 * The host spool: a recorder in a cross-site frame, where the browser refuses it storage, keeps its recording in the
 * host page's IndexedDB through the SDK (docs/recorder.md, "Where the recording is kept"). Each call is answered
 * by one `spool:result` with the same id. Chunk data travels as ArrayBuffer.
 */
export const WIDGET_SPOOL_OPS = ['open', 'add', 'get', 'all', 'put', 'putChunk', 'chunks', 'delete'] as const;
export type WidgetSpoolOp = (typeof WIDGET_SPOOL_OPS)[number];
export interface WidgetSpoolCall {
  id: string;
  op: WidgetSpoolOp;
  args: unknown[];
}

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

/** `GET /api/v1/public/widget/sessions/:token`: what the recorder in the iframe needs to talk to its host page. */
export const WidgetSessionInfoSchema = Type.Object({
  /** The only origin the recorder accepts messages from and posts to: the host page the session was opened on. */
  parent_origin: Type.String(),
  expires_at: Type.String({ format: 'date-time' }),
});
export type WidgetSessionInfo = Static<typeof WidgetSessionInfoSchema>;

// ---------------------------------------------------------------- owner: /my/widget

export const WIDGET_POSITIONS = ['bottom-right', 'bottom-left', 'top-right', 'top-left'] as const;
export const WidgetPositionSchema = Type.Union([Type.Literal('bottom-right'), Type.Literal('bottom-left'), Type.Literal('top-right'), Type.Literal('top-left')]);
export type WidgetPosition = Static<typeof WidgetPositionSchema>;

/** Allowed origins per account; an entry is an exact origin or a wildcard for subdomains (`https://*.example.com`). */
export const MAX_WIDGET_ORIGINS = 50;

/** How the snippet configures the launcher; the SDK's `launcher` option. */
export const WidgetAppearanceSchema = Type.Object(
  {
    /** false: no launcher button; the page opens the widget from code. */
    launcher: Type.Boolean(),
    position: WidgetPositionSchema,
    label: Type.String({ maxLength: 60 }),
    /** CSS hex colours. */
    background: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
  },
  { additionalProperties: false },
);
export type WidgetAppearance = Static<typeof WidgetAppearanceSchema>;

export const WidgetSettingsSchema = Type.Object({
  /**
   * Public: it goes into the page's HTML; it only works from the allowed origins. null until an owner or admin sets
   * the widget up (`POST /api/v1/widget/setup`, or a first change): reading the settings never creates anything.
   */
  key: Type.Union([Type.String(), Type.Null()]),
  allowed_origins: Type.Array(Type.String()),
  appearance: WidgetAppearanceSchema,
  /**
   * The request widget recordings go to unless the page names another (`open({ request })`); null before set-up, or
   * once that request was deleted (the next widget recording makes a new one).
   */
  request_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
  /** Origin the snippet loads the SDK from and the widget talks to. */
  host: Type.String(),
  script_url: Type.String(),
  /** Whether the account's plan (or trial) includes the widget; sessions are refused with 402 when not. */
  plan_allows: Type.Boolean(),
  effective_plan: Type.String(),
});
export type WidgetSettings = Static<typeof WidgetSettingsSchema>;

export const UpdateWidgetSettingsSchema = Type.Object(
  {
    allowed_origins: Type.Optional(Type.Array(Type.String({ maxLength: 300 }), { maxItems: MAX_WIDGET_ORIGINS })),
    appearance: Type.Optional(Type.Partial(WidgetAppearanceSchema, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type UpdateWidgetSettings = Static<typeof UpdateWidgetSettingsSchema>;

// ---------------------------------------------------------------- owner: a submission's host-page events

/** `GET /api/v1/submissions/:id/events`: the host page's events in time order, with what came along. */
export const SubmissionEventsSchema = Type.Object({
  events: Type.Array(WidgetEventSchema),
  /** Events the SDK's buffer or the server's caps left out. */
  dropped_events: Type.Integer(),
  metadata: WidgetMetadataSchema,
  identity: Type.Union([WidgetIdentitySchema, Type.Null()]),
  /** The host page's origin for widget recordings; null for link recordings. */
  origin: Type.Union([Type.String(), Type.Null()]),
});
export type SubmissionEvents = Static<typeof SubmissionEventsSchema>;
