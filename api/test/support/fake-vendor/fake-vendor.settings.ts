import { url } from '../../../src/config.ts';
import { defineSettings } from '../../../src/integrations/kit/provider.ts';

/** The fake vendor's OAuth app and origin, as a real provider's settings are declared. */
export const fakeVendorSettings = defineSettings(
  'fakevendor',
  {
    FAKEVENDOR_CLIENT_ID: { description: 'Client ID of the Fake Vendor OAuth app. Unset: connecting answers that it is not configured.', default: '' },
    FAKEVENDOR_CLIENT_SECRET: { description: 'Client secret of the Fake Vendor OAuth app.', default: '' },
    FAKEVENDOR_URL: { description: "Fake Vendor's origin: /oauth/authorize, /oauth/token and /api.", default: 'https://fake-vendor.example' },
  },
  (get) => (get('FAKEVENDOR_CLIENT_ID') ? { clientId: get('FAKEVENDOR_CLIENT_ID'), clientSecret: get('FAKEVENDOR_CLIENT_SECRET'), url: url('FAKEVENDOR_URL', get('FAKEVENDOR_URL')) } : undefined),
);
