import type { Provider } from '../../../src/integrations/kit/provider.ts';
import { fakeVendorRoutes } from './fake-vendor.routes.ts';
import { fakeVendorSettings } from './fake-vendor.settings.ts';

/** A twelfth provider, declared as the eleven are: its settings and its routes. */
export const fakeVendorProvider: Provider = { id: 'fakevendor', settings: fakeVendorSettings, routes: [fakeVendorRoutes] };
