const c = console;
// Bound when the SDK loads, before capture patches the console: the SDK never logs through its own hooks.
const warnFn = c.warn.bind(c);

/** A warning for the integrator (bad options, a throwing handler); never throws. */
export function warn(...args: unknown[]): void {
  try {
    warnFn('[showback]', ...args);
  } catch {
    // a console that throws must not break the page
  }
}
