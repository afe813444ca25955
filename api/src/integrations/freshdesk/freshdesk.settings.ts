import { siteUrlTemplate } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** A Freshdesk helpdesk's origin with `{domain}` (connecting needs no app of ours: each account brings an API key). */
export const freshdeskSettings = defineSettings(
  'freshdesk',
  {
    FRESHDESK_URL: { description: 'Origin of a Freshdesk helpdesk, `{domain}` standing for its domain such as acme.freshdesk.com (tests point it at a local server).', default: 'https://{domain}' },
  },
  (get) => ({ urlTemplate: siteUrlTemplate('FRESHDESK_URL', get('FRESHDESK_URL'), '{domain}') }),
);
