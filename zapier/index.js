// The Showback app for Zapier: an API key as the connection, and the "New Recording" and "Recording State Changed"
// REST-hook triggers.
// SHOWBACK_URL is the product's public URL (set in the app's environment on Zapier; tests point it at a local server).
const { version } = require('./package.json');
const { version: platformVersion } = require('zapier-platform-core');
const sample = require('./sample.json');
const stateChangedSample = require('./sample-state-changed.json');

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

/** A REST-hook operation on Showback's hooks for `event`: one item per hook call. */
const hookOperation = (event) => ({
  type: 'hook',
  performSubscribe: async (z, bundle) => {
    const response = await z.request({ url: api('/hooks'), method: 'POST', body: { hookUrl: bundle.targetUrl, event } });
    return response.data;
  },
  performUnsubscribe: async (z, bundle) => {
    await z.request({ url: api(`/hooks/${bundle.subscribeData.id}`), method: 'DELETE' });
    return {};
  },
  perform: (_z, bundle) => [bundle.cleanedRequest],
});

const newRecording = {
  key: 'new_recording',
  noun: 'Recording',
  display: { label: 'New Recording', description: 'Triggers when a recording a customer sent is ready to watch.' },
  operation: { ...hookOperation('new_recording'), performList: async (z) => (await z.request({ url: api('/recordings') })).data, sample },
};

const recordingStateChanged = {
  key: 'recording_state_changed',
  noun: 'Recording',
  display: { label: 'Recording State Changed', description: 'Triggers when your team moves a recording to open, in progress or resolved.' },
  // No list to poll: Zapier shows the sample until a state changes.
  operation: { ...hookOperation('recording_state_changed'), sample: stateChangedSample },
};

module.exports = {
  version,
  platformVersion,
  authentication,
  beforeRequest: [includeApiKey],
  triggers: { [newRecording.key]: newRecording, [recordingStateChanged.key]: recordingStateChanged },
  // Leaves Node's http, https and fetch unpatched in the processes that load the app (tests run the API beside it).
  flags: { skipHttpPatch: true },
};
