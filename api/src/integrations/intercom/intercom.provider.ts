import type { Provider } from '../kit/provider.ts';
import { intercomChannel } from './intercom-channel.ts';
import { intercomCanvasRoutes, intercomRoutes } from './intercom.routes.ts';
import { intercomSettings } from './intercom.settings.ts';

/** Intercom: requests from a conversation (the inbox app, signed Canvas Kit calls), notes back to it. */
export const intercomProvider: Provider = {
  id: 'intercom',
  settings: intercomSettings,
  routes: [intercomRoutes, intercomCanvasRoutes],
  channel: intercomChannel,
};
