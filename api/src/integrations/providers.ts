import type { Provider } from './kit/provider.ts';
import { emailProvider } from './email/email.provider.ts';
import { webhooksProvider } from './webhooks/webhooks.provider.ts';
import { slackProvider } from './slack/slack.provider.ts';
import { zapierProvider } from './zapier/zapier.provider.ts';
import { teamsProvider } from './teams/teams.provider.ts';
import { zendeskProvider } from './zendesk/zendesk.provider.ts';
import { freshdeskProvider } from './freshdesk/freshdesk.provider.ts';
import { intercomProvider } from './intercom/intercom.provider.ts';
import { linearProvider } from './linear/linear.provider.ts';
import { githubProvider } from './github/github.provider.ts';
import { jiraProvider } from './jira/jira.provider.ts';

/**
 * Every integration the app has, one line each (and its import): wiring.ts builds the routes, alert channels, jobs,
 * settings and trackers from these declarations. The order is the channels' and the routes' order.
 */
export const providers: readonly Provider[] = [emailProvider, webhooksProvider, slackProvider, zapierProvider, teamsProvider, zendeskProvider, freshdeskProvider, intercomProvider, linearProvider, githubProvider, jiraProvider];
