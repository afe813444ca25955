import type { Provider } from '../kit/provider.ts';
import { escalateToGitHub, githubEscalationReady } from './github-escalation.ts';
import { githubRoutes, githubWebhookRoutes } from './github.routes.ts';
import { githubSettings } from './github.settings.ts';

/** GitHub: recordings escalated to issues, their states followed through the repositories' webhook. */
export const githubProvider: Provider = {
  id: 'github',
  settings: githubSettings,
  routes: [githubRoutes, githubWebhookRoutes],
  tracker: { id: 'github', ready: githubEscalationReady, escalate: escalateToGitHub },
};
