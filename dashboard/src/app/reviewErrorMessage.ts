import { ApiError, NETWORK_ERROR } from './api.ts';
import { reviewErrors } from '../messages/en/reviewErrors.ts';
import { t } from '../messages/t.ts';
import '../messages/en/common.ts';

type KnownCode = keyof typeof reviewErrors;

function isKnownCode(code: string): code is KnownCode {
  return code in reviewErrors;
}

/**
 * A readable sentence for a failed call on the review screens, chosen by the server's error code. `fallback` says
 * what failed ("Recordings could not be loaded.") and is used when the code adds nothing the person can act on.
 */
export function reviewErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === NETWORK_ERROR) return t('common.networkError');
  if (error.status >= 500) return `${fallback} ${t('common.unexpectedError')}`;
  if (isKnownCode(error.code)) return `${fallback} ${t(`reviewErrors.${error.code}`)}`;
  return `${fallback} ${error.message}`;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
