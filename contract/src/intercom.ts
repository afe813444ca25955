import { Type, type Static } from 'typebox';

/**
 * Intercom on /my/integrations (`/api/v1/integrations/intercom/…`): connect a workspace by OAuth, then requests made
 * from a conversation (helpdesk.ts) and the sync log of admin notes. The token is never part of a response.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** Where the workspace is hosted; its API is api.intercom.io, api.eu.intercom.io or api.au.intercom.io. */
export const IntercomRegionSchema = Type.Union([Type.Literal('us'), Type.Literal('eu'), Type.Literal('au')]);
export type IntercomRegion = Static<typeof IntercomRegionSchema>;

export const IntercomStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    /** The workspace connected (Intercom's name for it). */
    workspace_name: NullableText,
    region: Type.Union([IntercomRegionSchema, Type.Null()]),
    /** The admin who connected it: the notes are posted as them. */
    admin: Type.Union([Type.Object({ name: Type.String(), email: Type.String() }), Type.Null()]),
    /** Why notes stopped (the app was uninstalled, access revoked): reconnect to fix. */
    error: NullableText,
    connected_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** Intercom is part of every paid plan and of the trial; false otherwise. */
    plan_allows: Type.Boolean(),
  },
  { $id: 'IntercomStatus' },
);
export type IntercomStatus = Static<typeof IntercomStatusSchema>;

/**
 * What the inbox app's Canvas Kit URLs answer: a canvas of components Intercom draws in the conversation details
 * panel (developers.intercom.com/docs/references/canvas-kit/responseobjects/canvas).
 */
export const IntercomCanvasSchema = Type.Object(
  { canvas: Type.Object({ content: Type.Object({ components: Type.Array(Type.Record(Type.String(), Type.Unknown())) }) }) },
  { $id: 'IntercomCanvas' },
);
export type IntercomCanvas = Static<typeof IntercomCanvasSchema>;

/** The configure flow's answer: a canvas for the teammate, or the card's creation options once it is configured. */
export const IntercomConfigureAnswerSchema = Type.Union([IntercomCanvasSchema, Type.Object({ results: Type.Object({ request_id: Type.String({ format: 'uuid' }) }) })]);
