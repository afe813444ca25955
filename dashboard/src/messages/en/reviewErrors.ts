import { defineSection } from '../t.ts';

export const reviewErrors = defineSection('reviewErrors', {
  NOT_FOUND: 'It no longer exists, or it belongs to another workspace.',
  UNAUTHENTICATED: 'Your session ended. Sign in again to continue.',
  FORBIDDEN: 'You do not have permission to do this.',
  VALIDATION_FAILED: 'Some fields are not valid. Check them and try again.',
  RATE_LIMITED: 'Too many requests at once. Wait a moment and try again.',
  CONFLICT: 'Someone changed this at the same time. Reload and try again.',
});
