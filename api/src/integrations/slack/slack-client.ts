import { ErrorCode, LogLevel, WebClient } from '@slack/web-api';
import type { AppContext } from '../../context.ts';
import type { ProviderFailure } from '../kit/provider-failure.ts';
import { settingsOf } from '../kit/provider.ts';
import { slackSettings } from './slack.settings.ts';

/** Bot scopes asked for at install: post (also in public channels the bot has not joined) and list channels. */
export const SLACK_BOT_SCOPES = ['chat:write', 'chat:write.public', 'channels:read', 'groups:read'] as const;

/**
 * A Web API client that never waits on its own: a 429 comes back as an error with Retry-After, so an alert becomes
 * a pending delivery retried at that time (no process sleeps on it) and a person's click gets an answer at once.
 */
export function slackClient(ctx: Pick<AppContext, 'config'>, token?: string): WebClient {
  return new WebClient(token, {
    slackApiUrl: settingsOf(ctx, slackSettings).apiUrl,
    rejectRateLimitedCalls: true,
    retryConfig: { retries: 0 },
    timeout: 10_000,
    logLevel: LogLevel.ERROR,
  });
}

/** Slack's answers that will not change by trying again: the card shows them and posting stops until fixed. */
const BROKEN: Record<string, 'token' | 'channel' | undefined> = {
  token_revoked: 'token',
  account_inactive: 'token',
  invalid_auth: 'token',
  channel_not_found: 'channel',
  not_in_channel: 'channel',
  is_archived: 'channel',
};

/** Whether a stored error code is about the channel (fixed by picking another) rather than the token. */
export const isChannelProblem = (code: string | null): boolean => code !== null && BROKEN[code] === 'channel';

/** Slack's `code` is kept with a broken failure: it tells a channel problem from a token one (isChannelProblem). */
export function classifySlackError(error: unknown, channelName?: string | null): ProviderFailure {
  const e = error as { code?: string; data?: { error?: string }; retryAfter?: number; statusCode?: number; message?: string };
  if (e.code === ErrorCode.RateLimitedError) {
    return { kind: 'rate_limited', retryAfterSeconds: e.retryAfter ?? 60, message: `Slack is rate limiting Showback; try again in ${e.retryAfter ?? 60} s.` };
  }
  if (e.code === ErrorCode.PlatformError) {
    const code = e.data?.error ?? 'unknown_error';
    const channel = channelName ? `#${channelName}` : 'the channel';
    if (BROKEN[code] === 'token') return { kind: 'broken', code, message: `Slack no longer accepts Showback (${code}): the app was removed or its access revoked. Reconnect Slack.` };
    if (code === 'not_in_channel') return { kind: 'broken', code, message: `Showback is not a member of ${channel}. Invite the Showback app to it in Slack, or pick another channel.` };
    if (BROKEN[code] === 'channel') return { kind: 'broken', code, message: `Slack cannot find ${channel} (${code}). Pick another channel.` };
    return { kind: 'refused', code, message: `Slack refused the message (${code}).` };
  }
  if (e.code === ErrorCode.HTTPError) return { kind: 'unreachable', message: `Slack answered HTTP ${e.statusCode ?? '?'}.` };
  return { kind: 'unreachable', message: 'Slack could not be reached.' };
}
