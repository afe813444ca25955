import type { Provider } from '../kit/provider.ts';
import { teamsChannel } from './teams-channel.ts';
import { teamsRoutes } from './teams.routes.ts';
import { teamsSettings } from './teams.settings.ts';

/** Microsoft Teams: alerts to a channel through its workflow webhook, picked with Graph. */
export const teamsProvider: Provider = {
  id: 'teams',
  settings: teamsSettings,
  routes: [teamsRoutes],
  channel: teamsChannel,
};
