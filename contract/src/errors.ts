import { Type, type Static } from 'typebox';

/** Every error the API can answer with. Clients pick user-facing text by code. */
export const ERROR_STATUS = {
  VALIDATION_FAILED: 422,
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  CSRF_INVALID: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  LINK_EXPIRED: 410,
  LINK_REVOKED: 410,
  /** An invitation link that was already used to join. */
  INVITATION_USED: 410,
  TOKEN_INVALID: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** A path segment longer than the router reads. */
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A recording or upload with no bytes: the browser recorded nothing (nothing is kept or shown to the owner). */
  RECORDING_EMPTY: 422,
  /** The uploaded bytes are not in a video container (MP4/QuickTime, WebM/Matroska, Ogg). */
  NOT_A_VIDEO: 422,
  /** The URL and headers together exceed the server's limit (Node's 16 KB). */
  HEADERS_TOO_LARGE: 431,
  /** The client did not finish sending its request in time. */
  REQUEST_TIMEOUT: 408,
  /** An upload request without the tus protocol version header. */
  PRECONDITION_FAILED: 412,
  PLAN_REQUIRED: 402,
  USAGE_LIMIT_REACHED: 402,
  /** Every seat of the plan is taken by members and pending invitations; details.upgrade_url. */
  SEAT_LIMIT_REACHED: 402,
  PAYMENT_FAILED: 402,
  BILLING_UNAVAILABLE: 503,
  /**
   * An integration (Slack, Microsoft Teams) whose app the operator has not configured on this server. A 409 (the
   * server's state refuses it) rather than a 503: it is not an outage and retrying will not help.
   */
  INTEGRATION_UNAVAILABLE: 409,
  RATE_LIMITED: 429,
  UPSTREAM_FAILED: 502,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

/** Field name → list of messages, the shape the spec uses for form errors. */
export const FieldErrorsSchema = Type.Record(Type.String(), Type.Array(Type.String()));
export type FieldErrors = Static<typeof FieldErrorsSchema>;

export const ErrorBodySchema = Type.Object(
  {
    statusCode: Type.Integer(),
    code: Type.String(),
    error: Type.String(),
    message: Type.String(),
    details: Type.Optional(Type.Unknown()),
    errors: Type.Optional(FieldErrorsSchema),
  },
  { $id: 'ErrorBody', description: 'The one error body every API failure uses.' },
);
export type ErrorBody = Static<typeof ErrorBodySchema>;
