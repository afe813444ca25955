import { Type, type Static } from 'typebox';
import { AlertDeliverySchema } from './alerts.ts';
import { LocaleSchema, RecordingRequestSchema } from './recording.ts';

/**
 * What every helpdesk integration (Zendesk, Freshdesk) shares: recording requests made from a ticket by the helpdesk's
 * app, their live state, and the sync log of the notes written back to the tickets.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

const TicketId = Type.String({ pattern: '^[1-9][0-9]{0,18}$' });
export const TicketParamsSchema = Type.Object({ ticketId: TicketId });
export const TicketRecordingParamsSchema = Type.Object({ ticketId: TicketId, submissionId: Type.String({ format: 'uuid' }) });

/** The engineering trackers a recording may be escalated to. */
export const TrackerIdSchema = Type.Union([Type.Literal('linear'), Type.Literal('github'), Type.Literal('jira')]);
export type TrackerId = Static<typeof TrackerIdSchema>;

/** The issue a recording was escalated to, as the helpdesk's app shows it. */
export const TicketIssueSchema = Type.Object({ tracker: TrackerIdSchema, key: Type.String(), title: Type.String(), url: Type.String(), state: Type.String() });
export type TicketIssue = Static<typeof TicketIssueSchema>;

/** One tracker on a recording's page: the issue the recording was escalated to there, and whether the person may escalate now. */
export const RecordingTrackerSchema = Type.Object({ tracker: TrackerIdSchema, label: Type.String(), can_create: Type.Boolean(), issue: Type.Union([TicketIssueSchema, Type.Null()]) });
export type RecordingTracker = Static<typeof RecordingTrackerSchema>;

/** `GET /api/v1/submissions/{id}/issues`: every tracker the server has, in the order notes and apps list them. */
export const RecordingIssuesSchema = Type.Object({ items: Type.Array(RecordingTrackerSchema) }, { $id: 'RecordingIssues' });
export type RecordingIssues = Static<typeof RecordingIssuesSchema>;

/** `POST /api/v1/submissions/{id}/issues`: "Create issue in …" from a recording's page; a second one updates the issue. */
export const EscalateRecordingSchema = Type.Object(
  {
    tracker: TrackerIdSchema,
    /** The issue's title; the recording's request title when left out. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type EscalateRecording = Static<typeof EscalateRecordingSchema>;

/** "Create issue" from the ticket: the tracker to escalate the recording to. */
export const EscalateFromTicketSchema = Type.Object({ tracker: TrackerIdSchema }, { additionalProperties: false });
export type EscalateFromTicket = Static<typeof EscalateFromTicketSchema>;

/** What the app knows about the ticket when the agent asks for a recording. */
export const CreateTicketRequestSchema = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    requester_email: Type.Optional(Type.Union([Type.String({ maxLength: 320, format: 'email' }), Type.Null()])),
    requester_name: Type.Optional(Type.Union([Type.String({ maxLength: 200 }), Type.Null()])),
    /**
     * The requester's language as the helpdesk keeps it (BCP 47 or the helpdesk's code: Zendesk's `locale`
     * "pt-br", Freshdesk's contact `language` "de"): the reply's text is written in it when Showback speaks it.
     */
    requester_locale: Type.Optional(Type.Union([Type.String({ maxLength: 35 }), Type.Null()])),
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
  /** The issues it was escalated to, in any tracker. */
  issues: Type.Array(TicketIssueSchema),
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
  { $id: 'TicketRequest' },
);
export type TicketRequest = Static<typeof TicketRequestSchema>;

/** The text the helpdesk's app puts into the agent's reply, in the customer's language. */
export const TicketReplySchema = Type.Object({
  /** The request's own language, else the requester's (`requester_locale`) when Showback speaks it, else English. */
  language: LocaleSchema,
  /** The request's link, with the language's prefix (`/de/r/<token>`) when the language was known, not defaulted. */
  link_url: Type.String(),
  /** The sentence asking for a recording, with the link. */
  text: Type.String(),
  /** The same as one HTML paragraph (`lang`, and `dir="rtl"` for Arabic), the link an anchor: for editors taking HTML. */
  html: Type.String(),
});
export type TicketReply = Static<typeof TicketReplySchema>;

/** A request just made from a ticket: the request and its state, and the text for the reply. */
export const CreatedTicketRequestSchema = Type.Object({ ...TicketRequestSchema.properties, reply: TicketReplySchema }, { $id: 'CreatedTicketRequest' });
export type CreatedTicketRequest = Static<typeof CreatedTicketRequestSchema>;

export const TicketRequestListSchema = Type.Object({
  items: Type.Array(TicketRequestSchema),
  /** The trackers the agent may escalate a recording to now (connected, a target picked, on the plan). */
  trackers: Type.Array(Type.Object({ id: TrackerIdSchema, label: Type.String() })),
});
export type TicketRequestList = Static<typeof TicketRequestListSchema>;

/** One note written back (a delivery of the `zendesk` or `freshdesk` channel) and the ticket it went to. */
export const HelpdeskSyncEntrySchema = Type.Object({ ...AlertDeliverySchema.properties, ticket_id: Type.String() }, { $id: 'HelpdeskSyncEntry' });
export type HelpdeskSyncEntry = Static<typeof HelpdeskSyncEntrySchema>;

export const HelpdeskSyncLogSchema = Type.Object({ items: Type.Array(HelpdeskSyncEntrySchema) });
export type HelpdeskSyncLog = Static<typeof HelpdeskSyncLogSchema>;

