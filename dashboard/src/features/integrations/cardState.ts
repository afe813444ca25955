/** What an integration card's badge says. */
export type CardState = 'loading' | 'available' | 'upgrade' | 'connected' | 'broken' | 'unreachable' | 'soon';

/**
 * The state of a card whose status has `connected`, `error` (the connection's own trouble) and `plan_allows`.
 * `broken` still reads "Connected", in the danger colour: the card says what is wrong under it.
 */
export function cardState(status: { connected: boolean; error: string | null; plan_allows: boolean } | undefined, loading: boolean): CardState {
  if (!status) return loading ? 'loading' : 'unreachable';
  if (status.connected) return status.error ? 'broken' : 'connected';
  return status.plan_allows ? 'available' : 'upgrade';
}
