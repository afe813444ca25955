import { Type, type Static } from 'typebox';

/**
 * Team chat integrations on /my/integrations (spec §3, §7): Slack (the spec's "team chat") and Microsoft Teams,
 * under `/api/v1/integrations/slack/…` and `/api/v1/integrations/teams/…`. Tokens and webhook URLs are never part
 * of a response.
 */
const NullableText = Type.Union([Type.String(), Type.Null()]);

/** Slack and Microsoft ids are short opaque strings; names are what people typed (Slack: 80, Teams: 256). */
const IdField = Type.String({ minLength: 1, maxLength: 200 });
const NameField = Type.String({ minLength: 1, maxLength: 256 });

const PlanFields = {
  /** Team chat is part of every paid plan and of the trial (spec §9); false on a free account after its trial. */
  plan_allows: Type.Boolean(),
};

export const SlackStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    enabled: Type.Boolean(),
    team_name: NullableText,
    default_channel_id: NullableText,
    default_channel_name: NullableText,
    /** Why posting stopped (token revoked, channel gone…); null while it works. */
    error: NullableText,
    ...PlanFields,
  },
  { $id: 'SlackStatus' },
);
export type SlackStatus = Static<typeof SlackStatusSchema>;

export const AuthorizeUrlSchema = Type.Object({ authorize_url: Type.String() }, { $id: 'AuthorizeUrl' });
export type AuthorizeUrl = Static<typeof AuthorizeUrlSchema>;

export const ChatChannelSchema = Type.Object({ id: Type.String(), name: Type.String() }, { $id: 'ChatChannel' });
export type ChatChannel = Static<typeof ChatChannelSchema>;

export const SlackChannelListSchema = Type.Object({ channels: Type.Array(ChatChannelSchema) });
export type SlackChannelList = Static<typeof SlackChannelListSchema>;

export const UpdateSlackIntegrationSchema = Type.Object(
  {
    default_channel_id: Type.Optional(IdField),
    default_channel_name: Type.Optional(NameField),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateSlackIntegration = Static<typeof UpdateSlackIntegrationSchema>;

export const SlackTestSchema = Type.Object({ channel_id: Type.Optional(IdField) }, { additionalProperties: false });
export type SlackTest = Static<typeof SlackTestSchema>;

export const ChatTestResultSchema = Type.Object({ sent: Type.Literal(true), channel_name: NullableText });
export type ChatTestResult = Static<typeof ChatTestResultSchema>;

/** The OAuth callback's query as the provider sends it back (`error` when the person refused). */
export const OAuthCallbackQuerySchema = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 500 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
});
export type OAuthCallbackQuery = Static<typeof OAuthCallbackQuerySchema>;

export const TeamsStatusSchema = Type.Object(
  {
    connected: Type.Boolean(),
    enabled: Type.Boolean(),
    team_id: NullableText,
    team_name: NullableText,
    channel_id: NullableText,
    channel_name: NullableText,
    /** A channel webhook URL is saved; the URL itself is never sent back. */
    webhook_configured: Type.Boolean(),
    error: NullableText,
    ...PlanFields,
  },
  { $id: 'TeamsStatus' },
);
export type TeamsStatus = Static<typeof TeamsStatusSchema>;

export const TeamsTeamListSchema = Type.Object({ teams: Type.Array(ChatChannelSchema) });
export const TeamsChannelListSchema = Type.Object({ channels: Type.Array(ChatChannelSchema) });
export const TeamIdParamsSchema = Type.Object({ teamId: IdField });

/** The placeholder the card shows for a saved webhook; sent back as a value it means "nothing new" and is refused. */
export const CONFIGURED_WEBHOOK_PLACEHOLDER = '(configured)';

export const UpdateTeamsIntegrationSchema = Type.Object(
  {
    team_id: Type.Optional(IdField),
    team_name: Type.Optional(NameField),
    channel_id: Type.Optional(IdField),
    channel_name: Type.Optional(NameField),
    /** A Teams Workflows "post to a channel when a webhook request is received" URL (https). */
    webhook_url: Type.Optional(Type.String({ minLength: 1, maxLength: 2000 })),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateTeamsIntegration = Static<typeof UpdateTeamsIntegrationSchema>;
