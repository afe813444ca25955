import { defineSection } from '../t.ts';

export const adminAlerts = defineSection('adminAlerts', {
  account: 'Account',
  channel: 'Channel',
});
