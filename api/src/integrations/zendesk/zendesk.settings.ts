import { siteUrlTemplate } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** The global OAuth client behind the Zendesk integration (unset: not configured); `urlTemplate` is a Zendesk account's origin with `{subdomain}`. */
export const zendeskSettings = defineSettings(
  'zendesk',
  {
    ZENDESK_CLIENT_ID: { description: 'Unique identifier of the Zendesk global OAuth client behind the Zendesk integration. Unset: connecting Zendesk answers that it is not configured.', default: '' },
    ZENDESK_CLIENT_SECRET: { description: 'Secret of the Zendesk global OAuth client.', default: '' },
    ZENDESK_URL: { description: 'Origin of a Zendesk account, `{subdomain}` standing for the account (tests point it at a local server).', default: 'https://{subdomain}.zendesk.com' },
  },
  (get) =>
    get('ZENDESK_CLIENT_ID') ? { clientId: get('ZENDESK_CLIENT_ID'), clientSecret: get('ZENDESK_CLIENT_SECRET'), urlTemplate: siteUrlTemplate('ZENDESK_URL', get('ZENDESK_URL'), '{subdomain}') } : undefined,
);
