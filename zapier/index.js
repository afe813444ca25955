// The Showback app for Zapier: an API key as the connection and the "New Recording" REST-hook trigger.
// SHOWBACK_URL is the product's public URL (set in the app's environment on Zapier; tests point it at a local server).
const { version } = require('./package.json');
const { version: platformVersion } = require('zapier-platform-core');
const sample = require('./sample.json');

const api = (path) => `${process.env.SHOWBACK_URL}/api/v1/zapier${path}`;

const authentication = {
  type: 'custom',
  fields: [
    {
      key: 'api_key',
      label: 'API key',
      type: 'password',
      required: true,
      helpText: 'In Showback, open Integrations and click Connect Zapier (or Retrieve or regenerate API key) to get it.',
    },
  ],
  // A wrong or revoked key answers 401, which fails the connection test.
  test: async (z) => (await z.request({ url: api('/me') })).data,
  // Zapier hands the test's result to the label as inputData.
  connectionLabel: (_z, bundle) => bundle.inputData.account_name,
};

const includeApiKey = (request, _z, bundle) => {
  request.headers = { ...request.headers, 'X-API-Key': bundle.authData.api_key };
  return request;
};

const newRecording = {
  key: 'new_recording',
  noun: 'Recording',
  display: { label: 'New Recording', description: 'Triggers when a recording a customer sent is ready to watch.' },
  operation: {
    type: 'hook',
    performSubscribe: async (z, bundle) => {
      const response = await z.request({ url: api('/hooks'), method: 'POST', body: { hookUrl: bundle.targetUrl, event: 'new_recording' } });
      return response.data;
    },
    performUnsubscribe: async (z, bundle) => {
      await z.request({ url: api(`/hooks/${bundle.subscribeData.id}`), method: 'DELETE' });
      return {};
    },
    // Showback posts one recording per hook call.
    perform: (_z, bundle) => [bundle.cleanedRequest],
    performList: async (z) => (await z.request({ url: api('/recordings') })).data,
    sample,
  },
};

module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [includeApiKey],
  triggers: { [newRecording.key]: newRecording },
  // Leaves Node's http, https and fetch unpatched in the processes that load the app (tests run the API beside it).
  flags: { skipHttpPatch: true },
};
