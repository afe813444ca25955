import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@showback/contract';

/** The one error type of the API. Routes and services throw it; plugins/errors.ts turns it into the one JSON body. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details: unknown;
  readonly fieldErrors: FieldErrors | undefined;
  /** Headers the answer carries with the body (Retry-After, WWW-Authenticate). */
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, message: string, options: { details?: unknown; fieldErrors?: FieldErrors; headers?: Record<string, string>; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.statusCode = ERROR_STATUS[code];
    this.details = options.details;
    this.fieldErrors = options.fieldErrors;
    this.headers = options.headers ?? {};
  }
}

export const notFound = (what = 'Resource'): AppError => new AppError('NOT_FOUND', `${what} not found`);

export function validationFailed(fieldErrors: FieldErrors, message = 'Some fields are not valid'): AppError {
  return new AppError('VALIDATION_FAILED', message, { fieldErrors });
}
