import type { Provider } from '../kit/provider.ts';
import { freshdeskChannel } from './freshdesk-channel.ts';
import { freshdeskRoutes } from './freshdesk.routes.ts';
import { freshdeskSettings } from './freshdesk.settings.ts';

/** Freshdesk: requests from a ticket (its app), notes written back to the ticket. */
export const freshdeskProvider: Provider = {
  id: 'freshdesk',
  settings: freshdeskSettings,
  routes: [freshdeskRoutes],
  channel: freshdeskChannel,
};
