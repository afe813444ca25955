import { defineSection } from '../t.ts';

export const home = defineSection('home', {
  title: 'Dashboard',
  greeting: 'Welcome back, {name}',
  usageTitle: 'This month’s usage',
  usageOf: '{used} / {limit} recordings',
  usageUnlimited: '{used} recordings',
  usageHint: 'Recordings count once when a customer submits them.',
  usageApproaching: 'You are close to this month’s limit.',
  usageReached: 'You reached this month’s limit. New recordings wait until next month or an upgrade.',
  upgrade: 'Upgrade',
  recentTitle: 'Recent recordings',
  viewAll: 'View all recordings',
  requestsTitle: 'Requests',
  openRequests: '{count} active requests',
  openRequestsOne: '1 active request',
  manageRequests: 'Manage requests',
  firstTitle: 'Send your first recording link',
  firstText: 'Create a recording request, copy its link and send it to a customer. Their recording shows up here.',
  firstAction: 'Create your first request',
  noRecordings: 'No recordings yet. Share a request’s link with a customer to get one.',
  loadFailed: 'The dashboard could not be loaded.',
});
