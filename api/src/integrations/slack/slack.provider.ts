import type { Provider } from '../kit/provider.ts';
import { slackChannel } from './slack-channel.ts';
import { slackRoutes } from './slack.routes.ts';
import { slackSettings } from './slack.settings.ts';

/** Slack: alerts to a channel, connected with the sign-in's Slack app. */
export const slackProvider: Provider = {
  id: 'slack',
  settings: slackSettings,
  routes: [slackRoutes],
  channel: slackChannel,
};
