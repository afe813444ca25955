import { AppError } from '../../errors.ts';

/** What a provider said besides the kind: its HTTP status when it answered, its own error code when it has them (Slack). */
interface Said {
  message: string;
  status?: number;
  code?: string;
}

/** Why a call to an outside service did not do what was asked, sorted by what to do next. */
export type ProviderFailure =
  | ({ kind: 'rate_limited'; retryAfterSeconds: number } & Said)
  /** Broken until a person acts: reconnect (token revoked, grant refused), or pick another channel. */
  | ({ kind: 'broken' } & Said)
  /** The provider refused this one call for good (an input it rejects, a ticket or issue gone): the next may work. */
  | ({ kind: 'refused' } & Said)
  /** No answer, a timeout, a 5xx: worth trying again. */
  | ({ kind: 'unreachable' } & Said);

/** A call's value, or its failure sorted; `status` is the provider's when the call reports one. */
export type ProviderAnswer<T> = { ok: true; value: T; status?: number } | ({ ok: false } & ProviderFailure);

export const isProviderFailure = <T extends object>(value: T | ProviderFailure): value is ProviderFailure => 'kind' in value;

/** One call to a provider's client, its failure sorted by `classify` instead of thrown. */
export async function callProvider<T>(run: () => Promise<T>, classify: (error: unknown) => ProviderFailure): Promise<ProviderAnswer<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    return { ok: false, ...classify(error) };
  }
}

/** The error a person sees when a call they asked for failed: 429 with the wait, else 502. */
export function providerAppError(failure: ProviderFailure): AppError {
  if (failure.kind === 'rate_limited') return new AppError('RATE_LIMITED', failure.message, { details: { retry_after_seconds: failure.retryAfterSeconds } });
  return new AppError('UPSTREAM_FAILED', failure.message);
}

/**
 * The answer's value for a person's request, else its error; a broken one is handed to `onBroken` first (the
 * escalations record it once their transaction is over, since an embedded database has only the one connection).
 */
export function valueOrThrow<T>(answer: ProviderAnswer<T>, onBroken: (failure: ProviderFailure) => void): T {
  if (answer.ok) return answer.value;
  if (answer.kind === 'broken') onBroken(answer);
  throw providerAppError(answer);
}

/** A Retry-After in whole seconds; a minute when there is none (or an HTTP date, not worth parsing for a retry). */
export function retryAfterSeconds(value: string | number | null | undefined): number {
  const seconds = value === null || value === undefined || value === '' ? NaN : Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : 60;
}
