import { ApiError } from '../../app/api.ts';
import { t, type MessageKey } from '../../messages/t.ts';

/** Spec §8: the server's own message when it sent one (the one error body), else the catalogue's default. */
export function chatErrorText(error: unknown, fallback: MessageKey): string {
  const fromServer = error instanceof ApiError && error.status > 0 && error.code !== 'HTTP_ERROR' && error.code !== 'INTERNAL';
  return fromServer && error.message ? error.message : t(fallback);
}
