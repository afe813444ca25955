export type Restore = () => void;

/**
 * What a patched function runs before the original, given the call's `this` and arguments (a fresh array the hook
 * may keep). It may return a function that gets the original's result and returns what the caller receives (fetch
 * chains its promise that way).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- hooks any host function, whatever its signature
export type Hook = (self: any, args: any[]) => ((result: any) => unknown) | void;

/**
 * Replaces `obj[name]` with a wrapper that runs `hook`, then the original with the same `this` and arguments. Nothing
 * the hook throws reaches the page: the call loses its event, never its result. The returned restore puts back the
 * exact original property (its descriptor, or nothing if it was inherited). If page code wrapped our wrapper in the
 * meantime, removing ours would drop theirs, so the wrapper is switched to a plain pass-through instead.
 */
export function patch<T extends object>(obj: T, name: keyof T & string, hook: Hook): Restore {
  const target = obj as Record<string, unknown>;
  const orig = target[name] as (...a: unknown[]) => unknown;
  if (typeof orig !== 'function') return () => {};
  const desc = Object.getOwnPropertyDescriptor(obj, name);
  let on = true;
  // Rest parameters, not `arguments`: an arguments object handed to another function is slow to make in V8.
  const wrapped = function (this: unknown, ...args: unknown[]) {
    let after: ((r: unknown) => unknown) | void = undefined;
    try {
      if (on) after = hook(this, args);
    } catch {
      // see above: the event is lost, the call goes on
    }
    const r = Reflect.apply(orig, this, args);
    try {
      return after ? after(r) : r;
    } catch {
      return r;
    }
  };
  try {
    target[name] = wrapped;
  } catch {
    return () => {};
  }
  return () => {
    on = false;
    if (target[name] !== wrapped) return;
    // An accessor (some environments define globals that way) keeps its getter/setter: write the original through it.
    if (desc && !('value' in desc)) target[name] = orig;
    else if (desc) Object.defineProperty(obj, name, desc);
    else delete target[name];
  };
}

/** Adds `handler` on `window` for each of the space-separated event `types`; the returned restore removes it. */
export function listen(types: string, handler: (e: never) => void, capture?: boolean): Restore {
  const each = (method: typeof addEventListener) => types.split(' ').map((type) => method(type, handler as EventListener, capture));
  each(addEventListener);
  return () => void each(removeEventListener);
}
