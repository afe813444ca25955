/** Why a call to a helpdesk's API did not do what was asked, sorted by what to do next. */
export type HelpdeskFailure =
  | { kind: 'rate_limited'; status: 429; retryAfterSeconds: number; message: string }
  /** The connection is broken until a person reconnects (token or key revoked, access removed). */
  | { kind: 'broken'; status: number; message: string }
  /** The helpdesk refused this one call for good (ticket deleted, invalid): the next recording may still work. */
  | { kind: 'refused'; status: number; message: string }
  /** No answer, a timeout, a 5xx: worth trying again. */
  | { kind: 'unreachable'; status?: number; message: string };

export type HelpdeskAnswer<T> = { ok: true; status: number; result: T } | ({ ok: false } & HelpdeskFailure);

function retryAfter(value: string | null | undefined): number {
  const seconds = Number(value);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : 60;
}

/**
 * An answer that is not a success, sorted. `detail` is the helpdesk's own words; `reconnect` says how the person
 * fixes a refused credential (reconnect by OAuth, paste a current API key).
 */
export function classifyHelpdesk(
  vendor: string,
  answer: { status: number | undefined; detail: string; retryAfter?: string | null },
  reconnect: string,
): HelpdeskFailure {
  const { status, detail } = answer;
  if (status === 429) {
    const seconds = retryAfter(answer.retryAfter);
    return { kind: 'rate_limited', status, retryAfterSeconds: seconds, message: `${vendor} is rate limiting; retrying in ${seconds} s.` };
  }
  if (status === 401) return { kind: 'broken', status, message: `${vendor} no longer accepts Showback's access (${detail}): it was revoked or expired. ${reconnect}` };
  if (status === 403) return { kind: 'broken', status, message: `${vendor} refused Showback's access (${detail}): the person who connected it may have lost agent rights. ${reconnect}` };
  if (status !== undefined && status >= 400 && status < 500 && status !== 408) return { kind: 'refused', status, message: `${vendor} refused the note (${status}: ${detail}).` };
  return { kind: 'unreachable', status, message: status ? `${vendor} answered HTTP ${status}.` : `${vendor} could not be reached.` };
}
