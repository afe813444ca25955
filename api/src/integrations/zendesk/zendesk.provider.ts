import type { Provider } from '../kit/provider.ts';
import { zendeskChannel } from './zendesk-channel.ts';
import { zendeskRoutes } from './zendesk.routes.ts';
import { zendeskSettings } from './zendesk.settings.ts';

/** Zendesk: requests from a ticket (its app), notes written back to the ticket. */
export const zendeskProvider: Provider = {
  id: 'zendesk',
  settings: zendeskSettings,
  routes: [zendeskRoutes],
  channel: zendeskChannel,
};
