import { url } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** The Atlassian OAuth 2.0 (3LO) app behind the Jira integration (unset: not configured), Atlassian's authorization server and API gateway. */
export const jiraSettings = defineSettings(
  'jira',
  {
    JIRA_CLIENT_ID: { description: 'Client ID of the Atlassian OAuth 2.0 (3LO) app behind "Create issue in Jira". Unset: connecting Jira answers that it is not configured.', default: '' },
    JIRA_CLIENT_SECRET: { description: "Secret of the Atlassian OAuth 2.0 app; it also verifies the JWT on Jira's webhooks.", default: '' },
    ATLASSIAN_AUTH_URL: { description: "Origin of Atlassian's authorization server: /authorize and /oauth/token (tests point it at a local server).", default: 'https://auth.atlassian.com' },
    ATLASSIAN_API_URL: { description: "Origin of Atlassian's API gateway: /oauth/token/accessible-resources and /ex/jira/{cloudid}/rest/api/3 (tests point it at a local server).", default: 'https://api.atlassian.com' },
  },
  (get) =>
    get('JIRA_CLIENT_ID')
      ? { clientId: get('JIRA_CLIENT_ID'), clientSecret: get('JIRA_CLIENT_SECRET'), authUrl: url('ATLASSIAN_AUTH_URL', get('ATLASSIAN_AUTH_URL')), apiUrl: url('ATLASSIAN_API_URL', get('ATLASSIAN_API_URL')) }
      : undefined,
);
