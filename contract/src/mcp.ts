import { Type, type Static } from 'typebox';
import { MAX_PAGE, MetadataConditionsSchema, ProcessingStatusSchema } from './recording.ts';
import { WIDGET_LIMITS, WidgetConsoleEventSchema } from './widget-events.ts';

/**
 * Inputs of the MCP server's tools (`/mcp`, docs/mcp.md): validated with these schemas and listed to agents as their
 * JSON Schema. Answers are bounded, as an agent's context is small: pages, and long text cut with a note saying how
 * to read on.
 */
const RecordingId = Type.String({ format: 'uuid', description: "The recording's id, as list_recordings answers it." });
const Page = Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: 'Page number, from 1.' });
const perPage = (max: number, fallback: number) => Type.Integer({ minimum: 1, maximum: max, description: `Items per page (default ${fallback}, at most ${max}).` });
const Seconds = (description: string) => Type.Number({ minimum: -WIDGET_LIMITS.maxEventOffsetMs / 1000, maximum: WIDGET_LIMITS.maxEventOffsetMs / 1000, description });
const TimeRange = {
  from_seconds: Type.Optional(Seconds('Only what happened at or after this moment of the recording, in seconds (negative: before the recording started).')),
  to_seconds: Type.Optional(Seconds('Only what happened at or before this moment of the recording, in seconds.')),
};

export const MCP_LIST_PER_PAGE = { max: 25, fallback: 10 } as const;
export const ListRecordingsInputSchema = Type.Object(
  {
    query: Type.Optional(Type.String({ maxLength: 200, description: "Words to find in the request's title, the sender's name, email or app user id, their note, and what they said." })),
    state: Type.Optional(Type.Union(ProcessingStatusSchema.anyOf, { description: 'Only recordings in this processing state (ready: the video can be watched).' })),
    submitted_after: Type.Optional(Type.String({ format: 'date-time', description: 'Only recordings submitted at or after this moment (ISO 8601).' })),
    submitted_before: Type.Optional(Type.String({ format: 'date-time', description: 'Only recordings submitted before this moment (ISO 8601).' })),
    request_id: Type.Optional(Type.String({ format: 'uuid', description: 'Only recordings made through this recording request.' })),
    has_errors: Type.Optional(Type.Boolean({ description: "true: only recordings whose page logged an error (console.error, an uncaught error, a failed request); false: only those without." })),
    metadata: Type.Optional({
      ...MetadataConditionsSchema,
      description: "Only recordings whose page attached this metadata with the widget, as 'key:value' (e.g. 'plan:enterprise'), exact; all must hold.",
    }),
    page: Type.Optional(Page),
    per_page: Type.Optional(perPage(MCP_LIST_PER_PAGE.max, MCP_LIST_PER_PAGE.fallback)),
  },
  { additionalProperties: false },
);
export type ListRecordingsInput = Static<typeof ListRecordingsInputSchema>;

export const RecordingInputSchema = Type.Object({ recording_id: RecordingId }, { additionalProperties: false });
export type RecordingInput = Static<typeof RecordingInputSchema>;

export const MCP_EVENTS_PER_PAGE = { max: 100, fallback: 50 } as const;
export const ConsoleInputSchema = Type.Object(
  {
    recording_id: RecordingId,
    levels: Type.Optional(Type.Array(WidgetConsoleEventSchema.properties.level, { maxItems: 5, description: 'Only these levels; uncaught errors count as error.' })),
    text: Type.Optional(Type.String({ maxLength: 200, description: 'Only entries whose message or stack contains this text (any case).' })),
    ...TimeRange,
    page: Type.Optional(Page),
    per_page: Type.Optional(perPage(MCP_EVENTS_PER_PAGE.max, MCP_EVENTS_PER_PAGE.fallback)),
  },
  { additionalProperties: false },
);
export type ConsoleInput = Static<typeof ConsoleInputSchema>;

export const MCP_NETWORK_PER_PAGE = { max: 50, fallback: 25 } as const;
export const NetworkInputSchema = Type.Object(
  {
    recording_id: RecordingId,
    index: Type.Optional(Type.Integer({ minimum: 0, maximum: WIDGET_LIMITS.maxEvents, description: 'Only the request with this index (from an earlier answer), with its headers and bodies whole.' })),
    status: Type.Optional(Type.Integer({ minimum: 0, maximum: 999, description: 'Only requests answered with this HTTP status (0: no answer: network error, CORS, abort).' })),
    method: Type.Optional(Type.String({ maxLength: 20, description: 'Only this HTTP method, e.g. POST.' })),
    host: Type.Optional(Type.String({ maxLength: 300, description: 'Only requests to this host, e.g. api.example.com.' })),
    failed_only: Type.Optional(Type.Boolean({ description: 'Only requests that failed: no answer, or a status of 400 or more.' })),
    include_bodies: Type.Optional(Type.Boolean({ description: 'Add the captured headers and bodies (only what the page allowed to be captured, credentials redacted); cut at 1,000 characters each in a list.' })),
    ...TimeRange,
    page: Type.Optional(Page),
    per_page: Type.Optional(perPage(MCP_NETWORK_PER_PAGE.max, MCP_NETWORK_PER_PAGE.fallback)),
  },
  { additionalProperties: false },
);
export type NetworkInput = Static<typeof NetworkInputSchema>;

export const ActionsInputSchema = Type.Object(
  { recording_id: RecordingId, ...TimeRange, page: Type.Optional(Page), per_page: Type.Optional(perPage(MCP_EVENTS_PER_PAGE.max, MCP_EVENTS_PER_PAGE.fallback)) },
  { additionalProperties: false },
);
export type ActionsInput = Static<typeof ActionsInputSchema>;

/** Characters of transcript one answer holds; more is read on with from_seconds. */
export const MCP_TRANSCRIPT_MAX_CHARS = 20_000;
export const TranscriptInputSchema = Type.Object(
  {
    recording_id: RecordingId,
    format: Type.Optional(Type.Union([Type.Literal('text'), Type.Literal('webvtt')], { description: 'text (default): one line per segment with its time; webvtt: WebVTT captions.' })),
    ...TimeRange,
  },
  { additionalProperties: false },
);
export type TranscriptInput = Static<typeof TranscriptInputSchema>;

export const FrameInputSchema = Type.Object(
  {
    recording_id: RecordingId,
    at_seconds: Type.Number({ minimum: 0, maximum: 24 * 3600, description: 'The moment of the video, in seconds from its start (e.g. the t of a console error).' }),
  },
  { additionalProperties: false },
);
export type FrameInput = Static<typeof FrameInputSchema>;
