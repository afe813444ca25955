import { url } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** The OAuth app behind the GitHub integration (unset: not configured), GitHub's web origin (OAuth pages) and REST API origin. */
export const githubSettings = defineSettings(
  'github',
  {
    GITHUB_CLIENT_ID: { description: 'Client ID of the GitHub OAuth app behind "Create issue in GitHub". Unset: connecting GitHub answers that it is not configured.', default: '' },
    GITHUB_CLIENT_SECRET: { description: 'Client secret of the GitHub OAuth app.', default: '' },
    GITHUB_WEBHOOK_SECRET: { description: "Secret of the repositories' `issues` webhook (X-Hub-Signature-256). Unset: GitHub's webhooks are refused and issue states are not followed.", default: '' },
    GITHUB_URL: { description: "GitHub's web origin: /login/oauth/authorize and /login/oauth/access_token (GitHub Enterprise Server: its own origin; tests point it at a local server).", default: 'https://github.com' },
    GITHUB_API_URL: { description: "GitHub's REST API origin, Octokit's baseUrl (GitHub Enterprise Server: https://HOST/api/v3; tests point it at a local server).", default: 'https://api.github.com' },
  },
  (get) =>
    get('GITHUB_CLIENT_ID')
      ? {
          clientId: get('GITHUB_CLIENT_ID'),
          clientSecret: get('GITHUB_CLIENT_SECRET'),
          webhookSecret: get('GITHUB_WEBHOOK_SECRET') || undefined,
          webUrl: url('GITHUB_URL', get('GITHUB_URL')),
          apiUrl: url('GITHUB_API_URL', get('GITHUB_API_URL')),
        }
      : undefined,
);
