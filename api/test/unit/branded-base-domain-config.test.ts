import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../../src/wiring.ts';
import { subdomainOrigin } from '../../src/modules/subdomains/subdomains.service.ts';

describe('BRANDED_BASE_DOMAIN', () => {
  it('is off when unset, lowercased when set, and refused with the variable named when it is not a domain', () => {
    expect(loadAppConfig({}).brandedBaseDomain).toBeUndefined();
    expect(loadAppConfig({ BRANDED_BASE_DOMAIN: 'Showback.Example' }).brandedBaseDomain).toBe('showback.example');
    for (const bad of ['https://showback.example', '.showback.example', 'showback.example.', 'localhost', 'show_back.example', '*.showback.example']) {
      expect(() => loadAppConfig({ BRANDED_BASE_DOMAIN: bad }), bad).toThrow(/BRANDED_BASE_DOMAIN must be a domain name/);
    }
  });

  it('builds subdomain origins with PUBLIC_URL’s scheme and port', () => {
    expect(subdomainOrigin(loadAppConfig({ BRANDED_BASE_DOMAIN: 'showback.example', PUBLIC_URL: 'https://app.showback.example' }), 'acme')).toBe('https://acme.showback.example');
    expect(subdomainOrigin(loadAppConfig({ BRANDED_BASE_DOMAIN: 'showback.test', PUBLIC_URL: 'http://127.0.0.1:3000' }), 'acme')).toBe('http://acme.showback.test:3000');
  });
});
