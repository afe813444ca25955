import type { ShowbackError, ShowbackErrorCode } from '../types.ts';

export function sbError(code: ShowbackErrorCode, message: string): ShowbackError {
  const e = new Error(message) as ShowbackError;
  e.name = 'ShowbackError';
  e.code = code;
  return e;
}
