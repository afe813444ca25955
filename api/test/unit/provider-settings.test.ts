import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { defineSettings, settingsOf } from '../../src/integrations/kit/provider.ts';
import { linearSettings } from '../../src/integrations/linear/linear.settings.ts';
import { loadAppConfig } from '../../src/wiring.ts';

describe("a provider's settings", () => {
  const sample = defineSettings('sample', { SAMPLE_URL: { description: 'Where the sample lives.', default: 'https://sample.example/' } }, (get) => ({ url: get('SAMPLE_URL') }));

  it('are read from its own variables, defaults included, into config.integrations', () => {
    expect(settingsOf({ config: loadConfig({}, {}, [sample]) }, sample)).toEqual({ url: 'https://sample.example/' });
    expect(settingsOf({ config: loadConfig({ SAMPLE_URL: ' https://other.example ' }, {}, [sample]) }, sample)).toEqual({ url: 'https://other.example' });
    expect(settingsOf({ config: loadAppConfig({ LINEAR_CLIENT_ID: 'lin', LINEAR_API_URL: 'http://127.0.0.1:9/' }) }, linearSettings)).toMatchObject({ clientId: 'lin', apiUrl: 'http://127.0.0.1:9', webhookSecret: undefined });
    expect(() => loadAppConfig({ LINEAR_CLIENT_ID: 'lin', LINEAR_API_URL: 'not a url' })).toThrow(/LINEAR_API_URL must be a URL/);
  });

  it('may not declare a variable a second time, and are not there when the config was loaded without them', () => {
    const again = defineSettings('again', { PORT: { description: 'Another port.' } }, (get) => get('PORT'));
    expect(() => loadConfig({}, {}, [again])).toThrow(ConfigError);
    expect(() => loadConfig({}, {}, [sample, sample])).toThrow(/SAMPLE_URL is declared twice/);
    expect(() => settingsOf({ config: loadConfig({}) }, sample)).toThrow(/without the sample settings/);
  });
});
