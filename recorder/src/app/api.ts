import type { CreateSubmission, CreatedSubmission, PublicRecordingRequest } from '@showback/contract';
import { STALL_MS } from '../upload/UploadController.ts';

/** A failed API call. `code` is the API's error code, NETWORK when the request failed, NO_ANSWER when it hung. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 429 || this.status === 408;
  }
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(path, { ...init, headers: { accept: 'application/json', ...(init?.body ? { 'content-type': 'application/json' } : {}) } });
    text = await res.text();
  } catch (err) {
    if (init?.signal?.aborted) throw new ApiError(0, 'NO_ANSWER', 'No answer from the server');
    throw new ApiError(0, 'NETWORK', err instanceof Error ? err.message : String(err));
  }
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const b = (body ?? {}) as { code?: string; message?: string; details?: unknown };
    const details = b.details && typeof b.details === 'object' ? (b.details as Record<string, unknown>) : undefined;
    throw new ApiError(res.status, b.code ?? `HTTP_${res.status}`, b.message ?? (res.statusText || 'Request failed'), details);
  }
  return body as T;
}

const requestPath = (token: string): string => `/api/v1/public/requests/${encodeURIComponent(token)}`;

export const fetchPublicRequest = (token: string): Promise<PublicRecordingRequest> => call(requestPath(token));

export const createSubmission = (token: string, body: CreateSubmission, signal?: AbortSignal): Promise<CreatedSubmission> =>
  call(`${requestPath(token)}/submissions`, { method: 'POST', body: JSON.stringify(body), signal });

/**
 * Submit, retrying while the server is unreachable: the body carries a client_submission_id, so a retry after a
 * lost answer returns the same submission instead of a second one. An attempt with no answer after STALL_MS is
 * dropped and sent again (a black-holed connection never fails on its own); `onRetry` gets the reason.
 */
export async function submitWithRetry(
  token: string,
  body: CreateSubmission,
  onRetry: (attempt: number, error: ApiError) => void,
  delays: readonly number[] = [1000, 2000, 4000, 8000, 15000],
): Promise<CreatedSubmission> {
  for (let attempt = 0; ; attempt++) {
    try {
      // Not AbortSignal.timeout: Safari before 16 lacks it.
      const hung = new AbortController();
      const timer = setTimeout(() => hung.abort(), STALL_MS);
      try {
        return await createSubmission(token, body, hung.signal);
      } finally {
        clearTimeout(timer);
      }
    } catch (err) {
      if (!(err instanceof ApiError) || !err.retryable) throw err;
      onRetry(attempt + 1, err);
      await new Promise((r) => setTimeout(r, delays[Math.min(attempt, delays.length - 1)]));
    }
  }
}
