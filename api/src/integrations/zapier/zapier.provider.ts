import type { Provider } from '../kit/provider.ts';
import { adminZapierRoutes } from './admin-zapier.routes.ts';
import { zapierChannel } from './zapier-channel.ts';
import { zapierRoutes } from './zapier.routes.ts';

/** Zapier: the API key its Zaps use, and the system admin's view of them. */
export const zapierProvider: Provider = {
  id: 'zapier',
  routes: [zapierRoutes, adminZapierRoutes],
  channel: zapierChannel,
};
