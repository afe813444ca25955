import type { Provider } from '../kit/provider.ts';
import { webhookChannel } from './webhook-channel.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

/** Signed webhooks to endpoints an account adds. */
export const webhooksProvider: Provider = {
  id: 'webhooks',
  routes: [webhooksRoutes],
  channel: webhookChannel,
};
