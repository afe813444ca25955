import type { AlertChannel } from '../../alerts/alert-channel.ts';
import { buildSubmissionAlert, outsideAlert } from '../../alerts/submission-alert.ts';
import { buildMentionAlert } from '../../modules/comments/mention-alert.ts';
import { findSummary } from '../../modules/summaries/summaries.repository.ts';
import { openSecret } from '../kit/secret-box.ts';
import { teamChatAllowed } from '../team-chat/team-chat-plan.ts';
import { recordingCardText } from '../team-chat/recording-card-text.ts';
import { classifySlackError, slackClient } from './slack-client.ts';
import { mentionSlackMessage, newRecordingSlackMessage, type SlackMessage } from './slack-message.ts';
import * as repo from './slack.repository.ts';

/** Posted once a recording settled, like the email: ready (poster, length, summary) or failed. */
export const TEAM_CHAT_EVENTS = new Set(['submission.ready', 'submission.failed']);

/**
 * "New recording" in the account's default Slack channel. The target is the channel id, so the delivery log says
 * where each message went. A 429 is retried when Slack's Retry-After says; a revoked token or a channel that is gone
 * puts the integration in its error state (the card shows it) and no further post is attempted until it is fixed.
 */
export const slackChannel: AlertChannel = {
  name: 'slack',
  retryDelaysSeconds: [60, 5 * 60, 30 * 60, 2 * 3600],

  async targets(db, event) {
    // Mentions too, in Slack only so far (docs/reviewing-recordings.md).
    if (!TEAM_CHAT_EVENTS.has(event.type) && event.type !== 'comment.mentioned') return [];
    const row = await repo.postableSlackIntegration(db, event.account_id);
    if (!row?.default_channel_id || !(await teamChatAllowed(db, event.account_id))) return [];
    return [row.default_channel_id];
  },

  async render(ctx, event) {
    if (event.type === 'comment.mentioned') {
      const mention = await buildMentionAlert(ctx, event);
      if (!mention) return { result: 'failed', excerpt: 'The comment or its recording was deleted before this message could be posted.' };
      return JSON.stringify(mentionSlackMessage(mention));
    }
    const alert = event.submission_id ? await buildSubmissionAlert(ctx, event.account_id, event.submission_id) : undefined;
    if (!alert) return { result: 'failed', excerpt: 'The recording was deleted before this message could be posted.' };
    const summary = await findSummary(ctx.db, event.account_id, alert.submission.id);
    return JSON.stringify(newRecordingSlackMessage(recordingCardText(await outsideAlert(ctx, event.account_id, alert, 'slack'), summary)));
  },

  async deliver(ctx, delivery) {
    const row = await repo.postableSlackIntegration(ctx.db, delivery.account_id);
    if (!row) return { result: 'failed', excerpt: 'Not posted: Slack was disconnected, turned off or is in an error state.' };
    const token = openSecret(ctx, row.bot_token_encrypted);
    if (!token) return { result: 'failed', excerpt: 'Not posted: the saved Slack access can no longer be read; reconnect Slack.' };
    const message = JSON.parse(delivery.payload) as SlackMessage;
    try {
      const answer = await slackClient(ctx, token).chat.postMessage({ channel: delivery.target, ...message });
      return { result: 'succeeded', status: 200, excerpt: `Posted to Slack (ts ${answer.ts ?? '?'}).` };
    } catch (error) {
      const failure = classifySlackError(error, delivery.target === row.default_channel_id ? row.default_channel_name : null);
      if (failure.kind === 'rate_limited') return { result: 'retry', status: 429, excerpt: failure.message, retryAfterSeconds: failure.retryAfterSeconds };
      if (failure.kind === 'unreachable') return { result: 'retry', excerpt: failure.message };
      if (failure.kind === 'broken') await repo.setSlackError(ctx.db, row.account_id, row.bot_token_encrypted, failure);
      return { result: 'failed', excerpt: failure.message };
    }
  },
};
