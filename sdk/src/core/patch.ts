export type Restore = () => void;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- wraps any host function, whatever its signature
type AnyFn = (this: any, ...args: any) => any;

/**
 * Replaces `obj[name]` with `make(original)`. The returned restore puts back the exact original property (its
 * descriptor, or nothing if it was inherited). If page code wrapped our wrapper in the meantime, removing ours would
 * drop theirs, so the wrapper is switched to a plain pass-through instead.
 */
export function patch<T extends object>(obj: T, name: keyof T & string, make: (orig: AnyFn) => AnyFn): Restore {
  const target = obj as Record<string, unknown>;
  const orig = target[name] as AnyFn;
  if (typeof orig !== 'function') return () => {};
  const desc = Object.getOwnPropertyDescriptor(obj, name);
  const hook = make(orig);
  let on = true;
  const wrapped = function (this: unknown) {
    // eslint-disable-next-line prefer-rest-params
    return Reflect.apply(on ? hook : orig, this, arguments);
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
