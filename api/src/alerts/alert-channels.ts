import { emailChannel } from '../integrations/email/email-channel.ts';
import { slackChannel } from '../integrations/slack/slack-channel.ts';
import { teamsChannel } from '../integrations/teams/teams-channel.ts';
import { webhookChannel } from '../integrations/webhooks/webhook-channel.ts';
import { zapierChannel } from '../integrations/zapier/zapier-channel.ts';
import { freshdeskChannel } from '../integrations/freshdesk/freshdesk-channel.ts';
import { intercomChannel } from '../integrations/intercom/intercom-channel.ts';
import { zendeskChannel } from '../integrations/zendesk/zendesk-channel.ts';
import type { AlertChannel } from './alert-channel.ts';

/** Every channel the dispatcher fans events out to. A new channel adds one line. */
export const alertChannels: readonly AlertChannel[] = [emailChannel, webhookChannel, slackChannel, zapierChannel, teamsChannel, zendeskChannel, freshdeskChannel, intercomChannel];
