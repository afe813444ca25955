import type { ErrorBody, FieldErrors } from '@showback/contract';
import { LOCALE_BASENAME } from './locale.ts';

/** A failed API call: the HTTP status and the server's code, message and field errors (spec §7, §8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: FieldErrors = {},
    /** The message is the response body's own (spec §8: shown as is), not the HTTP status text or a network error. */
    readonly fromServer = false,
  ) {
    super(message);
  }

  /** The first message for a field, as the forms show it. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }

  get hasFieldErrors(): boolean {
    return Object.values(this.fieldErrors).some((messages) => messages.length > 0);
  }
}

/** Status 0: the request never got an answer (offline, server down, aborted). */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  /** Aborts the call; there is deliberately no default timeout (spec §7), uploads and slow links may take long. */
  signal?: AbortSignal;
  /** A list is sent as the parameter repeated (`meta=a&meta=b`). */
  query?: Record<string, string | number | boolean | string[] | undefined>;
}

/** `/api/v1`, or `/de/api/v1` when the page was opened under a language prefix. */
export function apiBase(): string {
  return `${LOCALE_BASENAME}/api/v1`;
}

export function csrfToken(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content ?? '';
}

function urlFor(path: string, query: RequestOptions['query']): string {
  const url = `${apiBase()}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) params.append(key, String(one));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function isErrorBody(value: unknown): value is ErrorBody {
  return typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
}

/** A gateway or another service in front of the API may answer `{"message": "…"}` without our code. */
function bodyMessage(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null || !('message' in value)) return undefined;
  return typeof value.message === 'string' && value.message.trim() ? value.message : undefined;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The one HTTP client of the dashboard. Resolves with the parsed JSON body, rejects with an ApiError. */
export async function request<T>(method: Method, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-CSRF-Token': csrfToken() };
  // A file (a logo) goes as the body itself, with its own type; everything else as JSON.
  const file = body instanceof Blob ? body : undefined;
  if (body !== undefined) headers['Content-Type'] = file ? file.type || 'application/octet-stream' : 'application/json';
  let response: Response;
  try {
    response = await fetch(urlFor(path, options.query), {
      method,
      headers,
      body: file ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR, error instanceof Error ? error.message : String(error));
  }
  const data = await readJson(response);
  if (response.ok) return data as T;

  const serverMessage = bodyMessage(data);
  const error = isErrorBody(data)
    ? new ApiError(response.status, data.code, data.message, data.errors ?? {}, serverMessage !== undefined)
    : new ApiError(response.status, response.status >= 500 ? 'INTERNAL' : 'HTTP_ERROR', serverMessage ?? (response.statusText || `HTTP ${response.status}`), {}, serverMessage !== undefined);
  // Spec §8: a 500 is logged to the console and rejected to the caller, with no message of its own.
  if (response.status === 500) console.error(`API ${method} ${path} failed with 500`, error);
  throw error;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>('GET', path, undefined, options),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('POST', path, body ?? {}, options),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PUT', path, body ?? {}, options),
  patch: <T>(path: string, body?: unknown, options?: RequestOptions) => request<T>('PATCH', path, body ?? {}, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, undefined, options),
};
