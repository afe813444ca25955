/** Runs an SDK hook so that nothing it throws can reach the host page. */
export function guard(fn: () => void): void {
  try {
    fn();
  } catch {
    // swallowed on purpose: a capture failure loses one event, never breaks the page
  }
}
