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
