import type { AlertChannel } from '../../alerts/alert-channel.ts';
import { buildSubmissionAlert, outsideAlert } from '../../alerts/submission-alert.ts';
import { findSummary } from '../../modules/summaries/summaries.repository.ts';
import { TEAM_CHAT_EVENTS } from '../slack/slack-channel.ts';
import { recordingCardText } from '../team-chat/recording-card-text.ts';
import { openSecret } from '../kit/secret-box.ts';
import { teamChatAllowed } from '../team-chat/team-chat-plan.ts';
import { newRecordingTeamsMessage } from './teams-card.ts';
import { postToTeamsWebhook } from './teams-webhook.ts';
import * as repo from './teams.repository.ts';

/**
 * "New recording" as an Adaptive Card to the Teams channel's Workflows webhook. The target names the channel (or
 * `webhook` before one was picked). A workflow that refuses for good puts the integration in its error state.
 */
export const teamsChannel: AlertChannel = {
  name: 'teams',
  retryDelaysSeconds: [60, 5 * 60, 30 * 60, 2 * 3600],

  async targets(db, event) {
    if (!TEAM_CHAT_EVENTS.has(event.type)) return [];
    const row = await repo.postableTeamsIntegration(db, event.account_id);
    if (!row || !(await teamChatAllowed(db, event.account_id))) return [];
    return [row.channel_id ?? 'webhook'];
  },

  async render(ctx, event) {
    const alert = event.submission_id ? await buildSubmissionAlert(ctx, event.account_id, event.submission_id) : undefined;
    if (!alert) return { result: 'failed', excerpt: 'The recording was deleted before this message could be posted.' };
    const outside = await outsideAlert(ctx, event.account_id, alert, 'teams');
    return JSON.stringify(newRecordingTeamsMessage(recordingCardText(outside, await findSummary(ctx.db, event.account_id, alert.submission.id))));
  },

  async deliver(ctx, delivery) {
    const row = await repo.postableTeamsIntegration(ctx.db, delivery.account_id);
    if (!row?.webhook_url_encrypted) return { result: 'failed', excerpt: 'Not posted: Teams was disconnected, turned off or is in an error state.' };
    const webhook = openSecret(ctx, row.webhook_url_encrypted);
    if (!webhook) return { result: 'failed', excerpt: 'Not posted: the saved webhook URL can no longer be read; save it again.' };
    const result = await postToTeamsWebhook(ctx, webhook, JSON.parse(delivery.payload) as Record<string, unknown>);
    if (result.kind === 'posted') return { result: 'succeeded', status: result.status, excerpt: 'Posted to Microsoft Teams.' };
    if (result.kind === 'retry') return { result: 'retry', status: result.status, excerpt: result.message, ...(result.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: result.retryAfterSeconds }) };
    await repo.setTeamsError(ctx.db, row.account_id, row.webhook_url_encrypted, result.message);
    return { result: 'failed', status: result.status, excerpt: result.message };
  },
};
