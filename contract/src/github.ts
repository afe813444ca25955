import { Type, type Static } from 'typebox';

/**
 * GitHub on /my/integrations (`/api/v1/integrations/github/…`: connect by OAuth, the repository issues go to) and on a
 * recording's page (`/api/v1/submissions/:id/github_issue`: the issue it was escalated to). Tokens are never part of
 * a response.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);
const DateTime = Type.String({ format: 'date-time' });

export const GitHubRepositorySchema = Type.Object(
  {
    /** owner/name */
    full_name: Type.String(),
    private: Type.Boolean(),
  },
  { $id: 'GitHubRepository' },
);
export type GitHubRepository = Static<typeof GitHubRepositorySchema>;

export const GitHubRepositoryListSchema = Type.Object({ items: Type.Array(GitHubRepositorySchema) }, { $id: 'GitHubRepositoryList' });
export type GitHubRepositoryList = Static<typeof GitHubRepositoryListSchema>;

export const GitHubStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    /** The GitHub user who connected it (issues are opened as them). */
    login: NullableText,
    /** Where new issues go; null until someone picks a repository. */
    repository: Type.Union([GitHubRepositorySchema, Type.Null()]),
    /** Whether Showback could add its `issues` webhook to that repository (needs admin rights there): without it, issue states are not followed. */
    webhook: Type.Boolean(),
    /** Why GitHub refuses Showback's access (token revoked, app's access removed): reconnect to fix. */
    error: NullableText,
    connected_at: Type.Union([DateTime, Type.Null()]),
    /** GitHub is part of every paid plan and of the trial (like Slack, Teams and Linear); false otherwise. */
    plan_allows: Type.Boolean(),
  },
  { $id: 'GitHubStatus' },
);
export type GitHubStatus = Static<typeof GitHubStatusSchema>;

export const UpdateGitHubSchema = Type.Object({ repository: Type.String({ minLength: 3, maxLength: 200, pattern: '^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$' }) }, { additionalProperties: false });
export type UpdateGitHub = Static<typeof UpdateGitHubSchema>;

/** A GitHub issue as the recording's page shows it; the state follows the repository's `issues` webhook. */
export const GitHubIssueSchema = Type.Object(
  {
    number: Type.Integer({ minimum: 1 }),
    repository: Type.String(),
    title: Type.String(),
    url: Type.String(),
    state: Type.Union([Type.Literal('open'), Type.Literal('closed')]),
    /** GitHub's state_reason: completed, not_planned, reopened, duplicate; null when none. */
    state_reason: NullableText,
    /** How many times the recording was escalated to it (the first created it, the others updated it). */
    escalations: Type.Integer({ minimum: 1 }),
    updated_at: DateTime,
  },
  { $id: 'GitHubIssue' },
);
export type GitHubIssue = Static<typeof GitHubIssueSchema>;

export const RecordingGitHubIssueSchema = Type.Object(
  {
    issue: Type.Union([GitHubIssueSchema, Type.Null()]),
    /** Whether this account can create an issue now (GitHub connected with a repository, no error, the plan allows it). */
    can_create: Type.Boolean(),
  },
  { $id: 'RecordingGitHubIssue' },
);
export type RecordingGitHubIssue = Static<typeof RecordingGitHubIssueSchema>;

export const CreateGitHubIssueSchema = Type.Object(
  {
    /** The issue's title; the recording's request title when left out. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type CreateGitHubIssue = Static<typeof CreateGitHubIssueSchema>;

/** The answer to GitHub's webhook: taken, or an X-GitHub-Delivery already handled. */
export const GitHubWebhookAckSchema = Type.Object({ received: Type.Boolean(), duplicate: Type.Boolean() }, { $id: 'GitHubWebhookAck' });
export type GitHubWebhookAck = Static<typeof GitHubWebhookAckSchema>;
