import { defineSection } from '../t.ts';

export const admin = defineSection('admin', {
  sections: {
    users: 'users',
    accounts: 'accounts',
    supportRequests: 'support requests',
    chats: 'chats',
    recordingRequests: 'recording requests',
    submissions: 'submissions',
    webhookDeliveries: 'webhook deliveries',
    invitations: 'invitations',
    notificationDeliveries: 'notification deliveries',
    zapierSubscriptions: 'Zapier subscriptions',
  },
});
