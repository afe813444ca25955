import { url } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** The OAuth2 application behind the Linear integration (unset: not configured), Linear's authorize page and API origin. */
export const linearSettings = defineSettings(
  'linear',
  {
    LINEAR_CLIENT_ID: { description: 'Client ID of the Linear OAuth2 application behind "Create issue in Linear". Unset: connecting Linear answers that it is not configured.', default: '' },
    LINEAR_CLIENT_SECRET: { description: 'Client secret of the Linear OAuth2 application.', default: '' },
    LINEAR_WEBHOOK_SECRET: { description: "Signing secret of the Linear OAuth2 application's webhook (Issue events). Unset: Linear's webhooks are refused and issue states are not followed.", default: '' },
    LINEAR_AUTHORIZE_URL: { description: 'Linear OAuth2 authorize page the Linear integration sends people to.', default: 'https://linear.app/oauth/authorize' },
    LINEAR_API_URL: { description: "Origin of Linear's API: /graphql, /oauth/token and /oauth/revoke (tests point it at a local server).", default: 'https://api.linear.app' },
  },
  (get) =>
    get('LINEAR_CLIENT_ID')
      ? {
          clientId: get('LINEAR_CLIENT_ID'),
          clientSecret: get('LINEAR_CLIENT_SECRET'),
          webhookSecret: get('LINEAR_WEBHOOK_SECRET') || undefined,
          authorizeUrl: url('LINEAR_AUTHORIZE_URL', get('LINEAR_AUTHORIZE_URL')),
          apiUrl: url('LINEAR_API_URL', get('LINEAR_API_URL')),
        }
      : undefined,
);
