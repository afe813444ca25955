import { ApiError } from './api.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A URL id that cannot exist answers like a missing one, without a call: the API would refuse it as invalid
 * input (422), but to the person it is the same "not found".
 */
export function rejectUnlessUuid(id: string): Promise<never> | undefined {
  return UUID.test(id) ? undefined : Promise.reject(new ApiError(404, 'NOT_FOUND', 'Not found'));
}
