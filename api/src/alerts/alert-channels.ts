import { emailChannel } from '../integrations/email/email-channel.ts';
import { slackChannel } from '../integrations/slack/slack-channel.ts';
import { webhookChannel } from '../integrations/webhooks/webhook-channel.ts';
import type { AlertChannel } from './alert-channel.ts';

/** Every channel the dispatcher fans events out to. Team chat (Slack, Teams) and Zapier add one line each. */
export const alertChannels: readonly AlertChannel[] = [emailChannel, webhookChannel, slackChannel];
