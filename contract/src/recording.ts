import { Type, type Static } from 'typebox';
import { DroppedEventsSchema, WIDGET_LIMITS, WidgetEventSchema, WidgetIdentitySchema, WidgetMetadataSchema } from './widget-events.ts';
import { PublicBrandingSchema } from './branding.ts';
import { LOCALE_CODES } from './locales.ts';

/**
 * Recording requests, uploads and submissions: the owner API (`/api/v1/requests`, `/api/v1/submissions`), the
 * recipient API (`/api/v1/public/requests/:token`) and the tus upload endpoint (`/uploads`).
 * Wire names are snake_case; timestamps are ISO 8601 strings.
 */

export const FIELD_MODES = ['off', 'optional', 'required'] as const;
export const FieldModeSchema = Type.Union([Type.Literal('off'), Type.Literal('optional'), Type.Literal('required')]);
export type FieldMode = Static<typeof FieldModeSchema>;

export const MicrophoneModeSchema = FieldModeSchema;
export type MicrophoneMode = FieldMode;

export const REQUEST_STATUSES = ['active', 'archived'] as const;
export const RequestStatusSchema = Type.Union([Type.Literal('active'), Type.Literal('archived')]);
export type RequestStatus = Static<typeof RequestStatusSchema>;

export const MAX_DURATION_DEFAULT_SECONDS = 900;
export const MAX_DURATION_MIN_SECONDS = 10;
export const MAX_DURATION_MAX_SECONDS = 3600;

/** One of the languages the recorder speaks (locales.ts). */
export const LocaleSchema = Type.Enum(LOCALE_CODES);

/** Which optional fields the recipient is asked for. */
export const RequestFieldsSchema = Type.Object({
  name: FieldModeSchema,
  email: FieldModeSchema,
  note: FieldModeSchema,
});
export type RequestFields = Static<typeof RequestFieldsSchema>;

/** Deeper than any list is paged by hand (100 per page: a million rows); keeps OFFSET within bigint. */
export const MAX_PAGE = 10_000;

/** Pagination query shared by the owner lists. */
export const PageQuerySchema = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
});

// ---------------------------------------------------------------- owner: recording requests

export const RecordingRequestSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    /** Sanitized HTML (allowlisted tags and attributes only); safe to render as HTML. */
    instructions: Type.String(),
    microphone: MicrophoneModeSchema,
    max_duration_seconds: Type.Integer(),
    expires_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    fields: RequestFieldsSchema,
    redirect_url: Type.Union([Type.String(), Type.Null()]),
    /** The recorder's language for this link; null: the customer's browser decides (a link's /xx/ prefix still wins). */
    language: Type.Union([LocaleSchema, Type.Null()]),
    status: RequestStatusSchema,
    /** The current link token (base64url, 128+ bits). Revoking replaces it; the old one answers 410 LINK_REVOKED. */
    token: Type.String(),
    /** PUBLIC_URL + /r/<token> */
    link_url: Type.String(),
    submission_count: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  }
);
export type RecordingRequest = Static<typeof RecordingRequestSchema>;

export const CreateRecordingRequestSchema = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 200 }),
    /** Rich text as HTML; stored sanitized (no script, no event handlers, no javascript: URLs). */
    instructions: Type.Optional(Type.String({ maxLength: 20_000 })),
    microphone: Type.Optional(MicrophoneModeSchema),
    max_duration_seconds: Type.Optional(Type.Integer({ minimum: MAX_DURATION_MIN_SECONDS, maximum: MAX_DURATION_MAX_SECONDS })),
    expires_at: Type.Optional(Type.Union([Type.String({ format: 'date-time' }), Type.Null()])),
    fields: Type.Optional(Type.Partial(RequestFieldsSchema)),
    /** http(s) URL the recorder opens after a successful submission. */
    redirect_url: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
    language: Type.Optional(Type.Union([LocaleSchema, Type.Null()])),
  },
  { additionalProperties: false },
);
export type CreateRecordingRequest = Static<typeof CreateRecordingRequestSchema>;

export const UpdateRecordingRequestSchema = Type.Partial(CreateRecordingRequestSchema, { additionalProperties: false });
export type UpdateRecordingRequest = Static<typeof UpdateRecordingRequestSchema>;

export const ListRecordingRequestsQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  status: Type.Optional(RequestStatusSchema),
  q: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ListRecordingRequestsQuery = Static<typeof ListRecordingRequestsQuerySchema>;

export const RecordingRequestListSchema = Type.Object({
  items: Type.Array(RecordingRequestSchema),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});
export type RecordingRequestList = Static<typeof RecordingRequestListSchema>;

// ---------------------------------------------------------------- recipient: public request + submit

/** MIME types the tus endpoint accepts at creation (the `filetype` metadata; codecs parameters are allowed). */
export const ACCEPTED_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-matroska', 'video/ogg'] as const;

/** One of ACCEPTED_VIDEO_TYPES, with MediaRecorder-style parameters allowed (`video/webm;codecs=vp9,opus`). */
export const ACCEPTED_VIDEO_TYPE_PATTERN = `^(?:${ACCEPTED_VIDEO_TYPES.join('|')})(?:;[ -~]*)?$`;

export const PublicRecordingRequestSchema = Type.Object(
  {
    title: Type.String(),
    /**
     * The title is still the one Showback gave the widget's request ("Show us what happened"): the recorder shows its
     * own translation of it in the customer's language. A title the owner wrote is shown as written.
     */
    default_title: Type.Boolean(),
    /** Sanitized HTML. */
    instructions_html: Type.String(),
    microphone: MicrophoneModeSchema,
    max_duration_seconds: Type.Integer(),
    fields: RequestFieldsSchema,
    redirect_url: Type.Union([Type.String(), Type.Null()]),
    /** The owner's choice of language for the recorder; null: the customer's browser decides. */
    language: Type.Union([LocaleSchema, Type.Null()]),
    account_name: Type.String(),
    /** Largest upload the tus endpoint accepts, in bytes. */
    max_upload_bytes: Type.Integer(),
    accepted_types: Type.Array(Type.String()),
    /** Path of the tus endpoint, relative to the API origin. */
    upload_endpoint: Type.String(),
    /** The account's logo, name and colour, and whether "Powered by Showback" shows. */
    branding: PublicBrandingSchema,
    /** Who the link was made for (a request made from a helpdesk ticket), so the customer does not type it again. */
    recipient: Type.Union([Type.Object({ name: Type.Union([Type.String(), Type.Null()]), email: Type.Union([Type.String(), Type.Null()]) }), Type.Null()]),
  }
);
export type PublicRecordingRequest = Static<typeof PublicRecordingRequestSchema>;

export const SUBMISSION_SOURCES = ['link', 'widget', 'file'] as const;
export const SubmissionSourceSchema = Type.Union([Type.Literal('link'), Type.Literal('widget'), Type.Literal('file')]);
export type SubmissionSource = Static<typeof SubmissionSourceSchema>;

export const EnvironmentSchema = Type.Object(
  {
    browser: Type.Optional(Type.String({ maxLength: 100 })),
    browser_version: Type.Optional(Type.String({ maxLength: 50 })),
    os: Type.Optional(Type.String({ maxLength: 100 })),
    /** e.g. "1920x1080" */
    screen: Type.Optional(Type.String({ maxLength: 30 })),
    viewport: Type.Optional(Type.String({ maxLength: 30 })),
    device_pixel_ratio: Type.Optional(Type.Number({ minimum: 0, maximum: 20 })),
    language: Type.Optional(Type.String({ maxLength: 50 })),
    time_zone: Type.Optional(Type.String({ maxLength: 100 })),
    page_url: Type.Optional(Type.String({ maxLength: 4000 })),
    user_agent: Type.Optional(Type.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
);
export type Environment = Static<typeof EnvironmentSchema>;

export const RecipientSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 200 })),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    note: Type.Optional(Type.String({ maxLength: 5000 })),
  },
  { additionalProperties: false },
);
export type Recipient = Static<typeof RecipientSchema>;

export const CreateSubmissionSchema = Type.Object(
  {
    /** Generated by the recorder once per recording; submitting it again returns the same submission. */
    client_submission_id: Type.String({ format: 'uuid' }),
    /** The tus upload id: the last path segment of the upload URL. */
    upload_id: Type.String({ minLength: 1, maxLength: 200 }),
    /** What the recorder says it recorded; only a video type is accepted. Media is served with the type the server finds. */
    mime_type: Type.String({ maxLength: 200, pattern: ACCEPTED_VIDEO_TYPE_PATTERN }),
    /** What the recorder measured; the longest allowed recording is an hour, a day leaves room for clock trouble. */
    duration_ms: Type.Optional(Type.Integer({ minimum: 0, maximum: 24 * 3600 * 1000 })),
    source: SubmissionSourceSchema,
    recipient: Type.Optional(RecipientSchema),
    environment: Type.Optional(EnvironmentSchema),
    /** Widget recordings: the host page's events on the recording's clock (negative offsets: before it started). */
    events: Type.Optional(Type.Array(WidgetEventSchema, { maxItems: WIDGET_LIMITS.maxEvents })),
    dropped_events: Type.Optional(DroppedEventsSchema),
    metadata: Type.Optional(WidgetMetadataSchema),
    identity: Type.Optional(WidgetIdentitySchema),
    /** The language the recorder spoke to the customer: the owner sees it, transcription listens for it. */
    language: Type.Optional(LocaleSchema),
  },
  { additionalProperties: false },
);
export type CreateSubmission = Static<typeof CreateSubmissionSchema>;

// ---------------------------------------------------------------- owner: submissions

/**
 * queued: waiting for the processing job · processing: running · ready: MP4 available · failed: processing gave up
 * (the original upload stays downloadable).
 */
export const PROCESSING_STATUSES = ['queued', 'processing', 'ready', 'failed'] as const;
export const ProcessingStatusSchema = Type.Union([Type.Literal('queued'), Type.Literal('processing'), Type.Literal('ready'), Type.Literal('failed')]);
export type ProcessingStatus = Static<typeof ProcessingStatusSchema>;

export const CreatedSubmissionSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  status: ProcessingStatusSchema,
});
export type CreatedSubmission = Static<typeof CreatedSubmissionSchema>;

/** Widths of the recordings list's thumbnails (its 144 × 81 box at 1x and 2x), made beside the poster. */
export const THUMBNAIL_WIDTHS = [144, 288] as const;
export type ThumbnailWidth = (typeof THUMBNAIL_WIDTHS)[number];

/** GET /submissions/:id/poster.jpg: the whole poster, or with `width` a thumbnail (the poster itself for recordings processed before thumbnails existed). */
export const PosterQuerySchema = Type.Object({ width: Type.Optional(Type.Union(THUMBNAIL_WIDTHS.map((width) => Type.Literal(width)))) });
export type PosterQuery = Static<typeof PosterQuerySchema>;

export const SubmissionSummarySchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    request_id: Type.String({ format: 'uuid' }),
    request_title: Type.String(),
    recipient_name: Type.Union([Type.String(), Type.Null()]),
    recipient_email: Type.Union([Type.String(), Type.Null()]),
    /** The host app's own id for the customer, as its page passed it with `identify({ id })` (widget recordings). */
    recipient_user_id: Type.Union([Type.String(), Type.Null()]),
    source: SubmissionSourceSchema,
    /** From ffprobe once processed, else what the recorder reported. */
    duration_ms: Type.Union([Type.Integer(), Type.Null()]),
    status: ProcessingStatusSchema,
    /** The poster at the list's 144 px width, and at 288 px for 2x screens. */
    thumbnail_url: Type.Union([Type.String(), Type.Null()]),
    thumbnail_2x_url: Type.Union([Type.String(), Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
  }
);
export type SubmissionSummary = Static<typeof SubmissionSummarySchema>;

export const SubmissionSchema = Type.Object(
  {
    ...SubmissionSummarySchema.properties,
    /** The request's instructions as they were when the recipient submitted (sanitized HTML). */
    instructions_html: Type.String(),
    note: Type.Union([Type.String(), Type.Null()]),
    environment: EnvironmentSchema,
    mime_type: Type.String(),
    width: Type.Union([Type.Integer(), Type.Null()]),
    height: Type.Union([Type.Integer(), Type.Null()]),
    size_bytes: Type.Union([Type.Integer(), Type.Null()]),
    /** What the recorder measured when the recipient submitted (duration_ms of the submission); null if it did not say. */
    client_duration_ms: Type.Union([Type.Integer(), Type.Null()]),
    /** The language the recorder spoke to the customer (BCP 47); null for recordings from before it was kept. */
    language: Type.Union([Type.String(), Type.Null()]),
    /**
     * The processed video is well under what the recorder measured (see recordingEndedEarly): the capture stopped
     * before the recipient pressed Stop, or the upload lost its end. False until the video is processed.
     */
    ended_early: Type.Boolean(),
    processing_attempts: Type.Integer(),
    processing_error: Type.Union([Type.String(), Type.Null()]),
    watermarked: Type.Boolean(),
    poster_url: Type.Union([Type.String(), Type.Null()]),
    /** Inline playback with Range support. Null until either the MP4 or the original is stored. */
    video_url: Type.Union([Type.String(), Type.Null()]),
    /** Attachment download with a readable file name. */
    download_url: Type.Union([Type.String(), Type.Null()]),
    /** True while the video URLs serve the original upload (processing not finished or failed). */
    serving_original: Type.Boolean(),
    /** What the host page attached (`setMetadata`, the `metadata` option, `open({ metadata })`): the integrator's own keys and values, shown as given; `{}` for link recordings. */
    metadata: WidgetMetadataSchema,
  }
);
export type Submission = Static<typeof SubmissionSchema>;

/**
 * A recording ended early when its processed video is shorter than the recorder's own count by more than 2 s and more
 * than a tenth: a container's duration and the recorder's clock differ by a fraction of a second, a capture cut off
 * (the browser stopped sharing, the recorder's watchdog gave up) or an upload that lost its end by much more.
 */
export function recordingEndedEarly(processedMs: number | null, recordedMs: number | null): boolean {
  if (processedMs === null || recordedMs === null) return false;
  const shortBy = recordedMs - processedMs;
  return shortBy > 2000 && shortBy > recordedMs / 10;
}

/** Conditions on the host page's metadata, `key:value` each (the key up to 100 characters, the value up to 1,000), all to hold. */
export const MetadataConditionsSchema = Type.Array(Type.String({ minLength: 2, maxLength: 1101, pattern: '^[^:]+:' }), { maxItems: 5 });

export const ListSubmissionsQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  request_id: Type.Optional(Type.String({ format: 'uuid' })),
  /** Matches request title, recipient name, email, the host app's user id (exactly), note and the host page's metadata values, and words spoken in the transcript (full-text, stemmed). */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  /** Only recordings in this processing state. */
  status: Type.Optional(ProcessingStatusSchema),
  /** Only recordings submitted at or after this moment. */
  created_after: Type.Optional(Type.String({ format: 'date-time' })),
  /** Only recordings submitted before this moment. */
  created_before: Type.Optional(Type.String({ format: 'date-time' })),
  /** true: only recordings whose page logged an error (console.error, an uncaught error, a request that failed or answered 4xx/5xx); false: only those without. */
  has_errors: Type.Optional(Type.Boolean()),
  /**
   * Only recordings whose host page attached this metadata, as `key:value` (split at the first colon), e.g.
   * `meta=plan:enterprise`; repeated, all must hold. The value matches a string exactly, or the number, boolean or null
   * it spells (`meta=seats:12` finds `12` and `"12"`).
   */
  meta: Type.Optional(MetadataConditionsSchema),
});
export type ListSubmissionsQuery = Static<typeof ListSubmissionsQuerySchema>;

export const SubmissionListSchema = Type.Object({
  items: Type.Array(SubmissionSummarySchema),
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});
export type SubmissionList = Static<typeof SubmissionListSchema>;
