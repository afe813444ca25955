import { url } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** The Intercom app behind the Intercom integration (unset: not configured), its consent page and the API of each hosting region. */
export const intercomSettings = defineSettings(
  'intercom',
  {
    INTERCOM_CLIENT_ID: { description: 'Client ID of the Intercom app (Developer Hub, "Use OAuth") behind the Intercom integration. Unset: connecting Intercom answers that it is not configured.', default: '' },
    INTERCOM_CLIENT_SECRET: { description: "Client secret of that Intercom app; it also checks the signature of the inbox app's Canvas Kit requests.", default: '' },
    INTERCOM_AUTHORIZE_URL: { description: "Intercom's OAuth consent page (tests point it at a local server).", default: 'https://app.intercom.com/oauth' },
    INTERCOM_API_URL: { description: "Intercom's API for US-hosted workspaces; also where the OAuth code is exchanged and /me read at connect (tests point it at a local server).", default: 'https://api.intercom.io' },
    INTERCOM_EU_API_URL: { description: "Intercom's API for EU-hosted workspaces.", default: 'https://api.eu.intercom.io' },
    INTERCOM_AU_API_URL: { description: "Intercom's API for Australia-hosted workspaces.", default: 'https://api.au.intercom.io' },
  },
  (get) =>
    get('INTERCOM_CLIENT_ID')
      ? {
          clientId: get('INTERCOM_CLIENT_ID'),
          clientSecret: get('INTERCOM_CLIENT_SECRET'),
          authorizeUrl: url('INTERCOM_AUTHORIZE_URL', get('INTERCOM_AUTHORIZE_URL')),
          apiUrls: { us: url('INTERCOM_API_URL', get('INTERCOM_API_URL')), eu: url('INTERCOM_EU_API_URL', get('INTERCOM_EU_API_URL')), au: url('INTERCOM_AU_API_URL', get('INTERCOM_AU_API_URL')) },
        }
      : undefined,
);
