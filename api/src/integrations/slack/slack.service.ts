import type { ChatChannel, ChatTestResult, OAuthCallbackQuery, SlackStatus, UpdateSlackIntegration } from '@showback/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { providerAppError } from '../kit/provider-failure.ts';
import { consumeOAuthState, createOAuthState, type OAuthStateOwner } from '../kit/oauth-state.ts';
import { openSecret, sealSecret } from '../kit/secret-box.ts';
import { assertTeamChatAllowed, teamChatAllowed } from '../team-chat/team-chat-plan.ts';
import { classifySlackError, isChannelProblem, SLACK_BOT_SCOPES, slackClient } from './slack-client.ts';
import { testSlackMessage } from './slack-message.ts';
import * as repo from './slack.repository.ts';
import { settingsOf } from '../kit/provider.ts';
import { slackSettings } from './slack.settings.ts';

/** conversations.list pages followed at most: 50 × 200 channels. */
const MAX_CHANNEL_PAGES = 50;

const notConnected = (): AppError => new AppError('NOT_FOUND', 'Slack is not connected.');

export const slackCallbackUrl = (ctx: AppContext): string => `${ctx.config.publicUrl}/api/v1/integrations/slack/callback`;

function slackApp(ctx: AppContext): { clientId: string; clientSecret: string } {
  if (!ctx.config.slack) throw new AppError('INTEGRATION_UNAVAILABLE', 'Slack is not configured on this server (SLACK_CLIENT_ID). Ask the operator to set it up.');
  return ctx.config.slack;
}

export async function slackStatus(ctx: AppContext, accountId: string): Promise<SlackStatus> {
  const row = await repo.findSlackIntegration(ctx.db, accountId);
  return {
    connected: row !== undefined,
    enabled: row?.enabled ?? false,
    team_name: row?.team_name ?? null,
    default_channel_id: row?.default_channel_id ?? null,
    default_channel_name: row?.default_channel_name ?? null,
    error: row?.error ?? null,
    plan_allows: await teamChatAllowed(ctx.db, accountId),
  };
}

export async function slackAuthorizeUrl(ctx: AppContext, owner: OAuthStateOwner): Promise<string> {
  const app = slackApp(ctx);
  await assertTeamChatAllowed(ctx.db, owner.accountId);
  const state = await createOAuthState(ctx.db, 'slack', owner);
  const url = new URL(settingsOf(ctx, slackSettings).authorizeUrl);
  url.search = new URLSearchParams({ client_id: app.clientId, scope: SLACK_BOT_SCOPES.join(','), redirect_uri: slackCallbackUrl(ctx), state }).toString();
  return url.toString();
}

/**
 * The end of the install: checks `state` (this person's, once), exchanges the code with oauth.v2.access and keeps
 * the bot token encrypted. Answers where to send the person: the integrations page, with `slack=failed` when not.
 */
export async function completeSlackInstall(ctx: AppContext, owner: OAuthStateOwner, query: OAuthCallbackQuery, log: FastifyBaseLogger): Promise<string> {
  const failed = '/my/integrations?slack=failed';
  const stateOk = await consumeOAuthState(ctx.db, 'slack', query.state, owner);
  if (!stateOk || query.error || !query.code || !ctx.config.slack || !(await teamChatAllowed(ctx.db, owner.accountId))) return failed;
  try {
    const access = await slackClient(ctx).oauth.v2.access({ client_id: ctx.config.slack.clientId, client_secret: ctx.config.slack.clientSecret, code: query.code, redirect_uri: slackCallbackUrl(ctx) });
    if (!access.access_token || !access.team?.id) return failed;
    await repo.saveSlackInstall(ctx.db, {
      accountId: owner.accountId,
      teamId: access.team.id,
      teamName: access.team.name ?? access.team.id,
      botTokenEncrypted: sealSecret(ctx, access.access_token),
      connectedBy: owner.userId,
    });
    return '/my/integrations?slack=connected';
  } catch (error) {
    log.warn({ slackError: classifySlackError(error).message }, 'Slack install failed at oauth.v2.access');
    return failed;
  }
}

async function connected(ctx: AppContext, accountId: string): Promise<{ row: repo.SlackIntegrationRow; token: string }> {
  const row = await repo.findSlackIntegration(ctx.db, accountId);
  if (!row) throw notConnected();
  const token = openSecret(ctx, row.bot_token_encrypted);
  if (!token) throw new AppError('CONFLICT', 'The saved Slack access can no longer be read (the encryption key changed). Reconnect Slack.');
  return { row, token };
}

/** Slack's answer as the one error body; a permanent one also puts the integration in its error state. */
async function slackFailure(ctx: AppContext, row: repo.SlackIntegrationRow, error: unknown, channelName: string | null): Promise<AppError> {
  const failure = classifySlackError(error, channelName);
  if (failure.kind === 'broken') await repo.setSlackError(ctx.db, row.account_id, row.bot_token_encrypted, failure);
  return providerAppError(failure);
}

/** Public channels and the private ones the app was added to, every page, sorted by name. */
export async function listSlackChannels(ctx: AppContext, accountId: string): Promise<ChatChannel[]> {
  const { row, token } = await connected(ctx, accountId);
  const channels: ChatChannel[] = [];
  try {
    let pages = 0;
    for await (const page of slackClient(ctx, token).paginate('conversations.list', { types: 'public_channel,private_channel', exclude_archived: true, limit: 200 })) {
      for (const channel of (page as { channels?: { id?: string; name?: string }[] }).channels ?? []) {
        if (channel.id && channel.name) channels.push({ id: channel.id, name: channel.name });
      }
      if (++pages >= MAX_CHANNEL_PAGES) break;
    }
  } catch (error) {
    throw await slackFailure(ctx, row, error, null);
  }
  return channels.sort((a, b) => a.name.localeCompare(b.name));
}

export async function updateSlack(ctx: AppContext, accountId: string, input: UpdateSlackIntegration): Promise<SlackStatus> {
  const row = await repo.findSlackIntegration(ctx.db, accountId);
  if (!row) throw notConnected();
  if ((input.default_channel_id === undefined) !== (input.default_channel_name === undefined)) {
    throw new AppError('VALIDATION_FAILED', 'A channel is saved with its id and its name.', { fieldErrors: { default_channel_id: ['Send default_channel_id and default_channel_name together.'] } });
  }
  if (input.enabled === true) await assertTeamChatAllowed(ctx.db, accountId);
  const channelChanged = input.default_channel_id !== undefined && input.default_channel_id !== row.default_channel_id;
  // A channel problem is fixed by picking another channel; a token problem only by reconnecting.
  const clearsError = channelChanged && isChannelProblem(row.error_code);
  await repo.updateSlackIntegration(ctx.db, accountId, {
    ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
    ...(input.default_channel_id === undefined ? {} : { default_channel_id: input.default_channel_id, default_channel_name: input.default_channel_name }),
    ...(clearsError ? { error: null, error_code: null } : {}),
  });
  return slackStatus(ctx, accountId);
}

/** Posts the test message now (to `channelId` or the default channel) and answers Slack's verdict. */
export async function sendSlackTest(ctx: AppContext, accountId: string, channelId: string | undefined): Promise<ChatTestResult> {
  const { row, token } = await connected(ctx, accountId);
  await assertTeamChatAllowed(ctx.db, accountId);
  const channel = channelId ?? row.default_channel_id;
  if (!channel) throw new AppError('VALIDATION_FAILED', 'Pick a channel first.', { fieldErrors: { channel_id: ['Pick a channel first.'] } });
  const channelName = channel === row.default_channel_id ? row.default_channel_name : null;
  try {
    await slackClient(ctx, token).chat.postMessage({ channel, ...testSlackMessage(`${ctx.config.publicUrl}/my/integrations`) });
  } catch (error) {
    throw await slackFailure(ctx, row, error, channelName);
  }
  // Posting worked: whatever stopped the default channel before is fixed.
  if (channel === row.default_channel_id && row.error) await repo.updateSlackIntegration(ctx.db, accountId, { error: null, error_code: null });
  return { sent: true, channel_name: channelName };
}

/** Revokes the bot token at Slack (best effort: the person wants it gone either way) and forgets the workspace. */
export async function disconnectSlack(ctx: AppContext, accountId: string, log: FastifyBaseLogger): Promise<void> {
  const row = await repo.deleteSlackIntegration(ctx.db, accountId);
  if (!row) throw notConnected();
  const token = openSecret(ctx, row.bot_token_encrypted);
  if (!token) return;
  try {
    await slackClient(ctx, token).auth.revoke();
  } catch (error) {
    log.warn({ slackError: classifySlackError(error).message }, 'Slack auth.revoke failed; the token was deleted here anyway');
  }
}
