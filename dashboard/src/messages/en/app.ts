import { defineSection } from '../t.ts';

export const app = defineSection('app', {
  navigation: 'App navigation',
  dashboard: 'Dashboard',
  requests: 'Requests',
  recordings: 'Recordings',
  integrations: 'Integrations',
  widget: 'Widget',
  team: 'Team',
  account: 'Account',
  support: 'Support',
  chat: 'Chat with us',
  unread: '{count} unread',
  admin: 'Admin',
  signOut: 'Sign out',
  signOutFailed: 'Signing out failed. Please try again.',
  notFound: 'The page you were looking for does not exist. Here is your dashboard instead.',
  signedInAs: 'Signed in as {email}',
});
