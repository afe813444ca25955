import { Type, type Static } from 'typebox';

/**
 * Linear on /my/integrations (`/api/v1/integrations/linear/…`: connect by OAuth, the team issues go to) and on a
 * recording's page (`/api/v1/submissions/:id/linear_issue`: the issue it was escalated to). Tokens are never part of
 * a response.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

export const LinearTeamSchema = Type.Object({ id: Type.String(), key: Type.String(), name: Type.String() }, { $id: 'LinearTeam' });
export type LinearTeam = Static<typeof LinearTeamSchema>;

export const LinearTeamListSchema = Type.Object({ items: Type.Array(LinearTeamSchema) }, { $id: 'LinearTeamList' });
export type LinearTeamList = Static<typeof LinearTeamListSchema>;

export const LinearStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    /** The Linear workspace connected. */
    organization_name: NullableText,
    /** Where new issues go; null until someone picks a team. */
    team: Type.Union([LinearTeamSchema, Type.Null()]),
    /** Why Linear refuses Showback's access (revoked, expired for good): reconnect to fix. */
    error: NullableText,
    connected_at: Type.Union([DateTime, Type.Null()]),
    /** Linear is part of every paid plan and of the trial (like Slack and Teams); false otherwise. */
    plan_allows: Type.Boolean(),
  },
  { $id: 'LinearStatus' },
);
export type LinearStatus = Static<typeof LinearStatusSchema>;

export const UpdateLinearSchema = Type.Object({ team_id: Type.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false });
export type UpdateLinear = Static<typeof UpdateLinearSchema>;

/** A Linear issue as the recording's page shows it; the state follows Linear's webhooks. */
export const LinearIssueSchema = Type.Object(
  {
    id: Type.String(),
    /** ENG-123 */
    identifier: Type.String(),
    title: Type.String(),
    url: Type.String(),
    state: Type.Object({
      name: Type.String(),
      /** Linear's workflow state type: triage, backlog, unstarted, started, completed, canceled. */
      type: Type.String(),
    }),
    /** How many times the recording was escalated to it (the first created it, the others updated it). */
    escalations: Type.Integer({ minimum: 1 }),
    updated_at: DateTime,
  },
  { $id: 'LinearIssue' },
);
export type LinearIssue = Static<typeof LinearIssueSchema>;

export const RecordingLinearIssueSchema = Type.Object(
  {
    issue: Type.Union([LinearIssueSchema, Type.Null()]),
    /** Whether this account can create an issue now (Linear connected with a team, no error, the plan allows it). */
    can_create: Type.Boolean(),
  },
  { $id: 'RecordingLinearIssue' },
);
export type RecordingLinearIssue = Static<typeof RecordingLinearIssueSchema>;

export const CreateLinearIssueSchema = Type.Object(
  {
    /** The issue's title; the recording's request title when left out. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type CreateLinearIssue = Static<typeof CreateLinearIssueSchema>;

/** The answer to Linear's webhook: taken, or a Linear-Delivery already handled. */
export const LinearWebhookAckSchema = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }, { $id: 'LinearWebhookAck' });
export type LinearWebhookAck = Static<typeof LinearWebhookAckSchema>;
