import { ApiError } from '../../app/api.ts';
import { t, type MessageKey } from '../../messages/t.ts';

/** Spec §8: the server's own message when it sent one (the one error body), else the catalogue's default. */
export function chatErrorText(error: unknown, fallback: MessageKey): string {
  return error instanceof ApiError && error.fromServer ? error.message : t(fallback);
}
