import { retryAfterSeconds, type ProviderFailure } from '../kit/provider-failure.ts';

/**
 * A helpdesk's answer that is not a success, sorted. `detail` is the helpdesk's own words; `reconnect` says how the
 * person fixes a refused credential (reconnect by OAuth, paste a current API key).
 */
export function classifyHelpdesk(
  vendor: string,
  answer: { status: number | undefined; detail: string; retryAfter?: string | null },
  reconnect: string,
): ProviderFailure {
  const { status, detail } = answer;
  if (status === 429) {
    const seconds = retryAfterSeconds(answer.retryAfter);
    return { kind: 'rate_limited', status, retryAfterSeconds: seconds, message: `${vendor} is rate limiting; retrying in ${seconds} s.` };
  }
  if (status === 401) return { kind: 'broken', status, message: `${vendor} no longer accepts Showback's access (${detail}): it was revoked or expired. ${reconnect}` };
  if (status === 403) return { kind: 'broken', status, message: `${vendor} refused Showback's access (${detail}): the person who connected it may have lost agent rights. ${reconnect}` };
  if (status !== undefined && status >= 400 && status < 500 && status !== 408) return { kind: 'refused', status, message: `${vendor} refused the note (${status}: ${detail}).` };
  return { kind: 'unreachable', status, message: status ? `${vendor} answered HTTP ${status}.` : `${vendor} could not be reached.` };
}
