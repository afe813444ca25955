import { Type, type Static } from 'typebox';

/**
 * Jira Cloud on /my/integrations (`/api/v1/integrations/jira/…`: connect by OAuth 2.0 (3LO), the site, project and
 * issue type issues go to) and on a recording's page (`/api/v1/submissions/:id/jira_issue`). Tokens are never part of
 * a response.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

export const JiraSiteSchema = Type.Object({ id: Type.String(), name: Type.String(), url: Type.String() }, { $id: 'JiraSite' });
export type JiraSite = Static<typeof JiraSiteSchema>;

export const JiraIssueTypeSchema = Type.Object({ id: Type.String(), name: Type.String() }, { $id: 'JiraIssueType' });
export type JiraIssueType = Static<typeof JiraIssueTypeSchema>;

export const JiraProjectSchema = Type.Object({ id: Type.String(), key: Type.String(), name: Type.String(), issue_types: Type.Array(JiraIssueTypeSchema) }, { $id: 'JiraProject' });
export type JiraProject = Static<typeof JiraProjectSchema>;

export const JiraSiteListSchema = Type.Object({ items: Type.Array(JiraSiteSchema) }, { $id: 'JiraSiteList' });
export type JiraSiteList = Static<typeof JiraSiteListSchema>;
export const JiraProjectListSchema = Type.Object({ items: Type.Array(JiraProjectSchema) }, { $id: 'JiraProjectList' });
export type JiraProjectList = Static<typeof JiraProjectListSchema>;

export const JiraStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    /** The Jira Cloud site issues go to (one of the sites the grant reaches). */
    site: Type.Union([JiraSiteSchema, Type.Null()]),
    /** Where new issues go; null until someone picks a project. */
    project: Type.Union([Type.Object({ id: Type.String(), key: Type.String(), name: Type.String() }), Type.Null()]),
    issue_type: Type.Union([JiraIssueTypeSchema, Type.Null()]),
    /** Whether Jira's webhook for the project is registered, so issue statuses come back to the recordings. */
    follows_status: Type.Boolean(),
    /** Why Atlassian refuses Showback's access (grant revoked, refresh token expired): reconnect to fix. */
    error: NullableText,
    connected_at: Type.Union([DateTime, Type.Null()]),
    /** Jira is part of every paid plan and of the trial; false otherwise. */
    plan_allows: Type.Boolean(),
  },
  { $id: 'JiraStatus' },
);
export type JiraStatus = Static<typeof JiraStatusSchema>;

export const UpdateJiraSchema = Type.Object(
  {
    /** Another site the grant reaches (its cloud id); the project must then be picked again. */
    site_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    project_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    /** The project's issue type; Bug, else Task, else the first one when left out. */
    issue_type_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);
export type UpdateJira = Static<typeof UpdateJiraSchema>;

/** A Jira issue as the recording's page shows it; the status follows Jira's webhook. */
export const JiraIssueSchema = Type.Object(
  {
    id: Type.String(),
    /** SUP-12 */
    key: Type.String(),
    title: Type.String(),
    url: Type.String(),
    status: Type.Object({
      name: Type.String(),
      /** Jira's status category key: new, indeterminate, done. */
      category: Type.String(),
    }),
    /** How many times the recording was escalated to it (the first created it, the others updated it). */
    escalations: Type.Integer({ minimum: 1 }),
    updated_at: DateTime,
  },
  { $id: 'JiraIssue' },
);
export type JiraIssue = Static<typeof JiraIssueSchema>;

export const RecordingJiraIssueSchema = Type.Object(
  {
    issue: Type.Union([JiraIssueSchema, Type.Null()]),
    /** Whether this account can create an issue now (Jira connected with a project, no error, the plan allows it). */
    can_create: Type.Boolean(),
  },
  { $id: 'RecordingJiraIssue' },
);
export type RecordingJiraIssue = Static<typeof RecordingJiraIssueSchema>;

export const CreateJiraIssueSchema = Type.Object(
  {
    /** The issue's summary; the recording's request title when left out. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
export type CreateJiraIssue = Static<typeof CreateJiraIssueSchema>;

export const JiraWebhookAckSchema = Type.Object({ received: Type.Boolean(), updated: Type.Integer({ minimum: 0 }) }, { $id: 'JiraWebhookAck' });
export type JiraWebhookAck = Static<typeof JiraWebhookAckSchema>;
