import { ApiError } from './api.ts';

/** Spec §8: the server's own message when it sent one (the one error body), else `fallback`, which says what failed. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.fromServer ? error.message : fallback;
}
