import type { Provider } from '../kit/provider.ts';
import { escalateToLinear, linearEscalationReady } from './linear-escalation.ts';
import { linearRoutes, linearWebhookRoutes } from './linear.routes.ts';
import { linearSettings } from './linear.settings.ts';

/** Linear: recordings escalated to issues, their states followed through its webhook. */
export const linearProvider: Provider = {
  id: 'linear',
  settings: linearSettings,
  routes: [linearRoutes, linearWebhookRoutes],
  tracker: { id: 'linear', ready: linearEscalationReady, escalate: escalateToLinear },
};
