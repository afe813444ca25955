import { url } from '../../config.ts';
import { defineSettings } from '../kit/provider.ts';

/** Where the Slack integration talks to: the Web API and the OAuth v2 authorize page. Its app is the sign-in's (SLACK_CLIENT_ID). */
export const slackSettings = defineSettings(
  'slack',
  {
    SLACK_API_URL: { description: 'Base URL of the Slack Web API (tests point it at a local server).', default: 'https://slack.com/api/' },
    SLACK_AUTHORIZE_URL: { description: 'Slack OAuth v2 authorize page the Slack integration sends people to.', default: 'https://slack.com/oauth/v2/authorize' },
  },
  (get) => ({ apiUrl: `${url('SLACK_API_URL', get('SLACK_API_URL'))}/`, authorizeUrl: url('SLACK_AUTHORIZE_URL', get('SLACK_AUTHORIZE_URL')) }),
);
