import { url } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** The Entra app behind the Teams integration's sign-in (unset: not configured); Graph's origin is used with it. */
export const teamsSettings = defineSettings(
  'teams',
  {
    MICROSOFT_CLIENT_ID: { description: 'Application (client) id of the Microsoft Entra app for the Teams integration. Unset: connecting Teams answers that it is not configured.', default: '' },
    MICROSOFT_CLIENT_SECRET: { description: 'Client secret of the Microsoft Entra app.', default: '' },
    MICROSOFT_TENANT: { description: 'Microsoft Entra tenant for sign-in to the Teams integration (common, organizations or a tenant id).', default: 'organizations' },
    MICROSOFT_LOGIN_URL: { description: 'Microsoft identity platform origin (tests point it at a local server).', default: 'https://login.microsoftonline.com' },
    MICROSOFT_GRAPH_URL: { description: 'Microsoft Graph origin (tests point it at a local server).', default: 'https://graph.microsoft.com' },
  },
  (get) => ({
    microsoft: get('MICROSOFT_CLIENT_ID')
      ? { clientId: get('MICROSOFT_CLIENT_ID'), clientSecret: get('MICROSOFT_CLIENT_SECRET'), tenant: get('MICROSOFT_TENANT'), loginUrl: url('MICROSOFT_LOGIN_URL', get('MICROSOFT_LOGIN_URL')) }
      : undefined,
    graphUrl: url('MICROSOFT_GRAPH_URL', get('MICROSOFT_GRAPH_URL')),
  }),
);
