/** Why screen or microphone capture failed, in terms the UI can explain and the person can act on. */
export type CaptureFailure = 'denied' | 'frame-policy' | 'dismissed' | 'timeout' | 'not-found' | 'in-use' | 'unsupported' | 'unknown';

export class CaptureError extends Error {
  constructor(
    readonly failure: CaptureFailure,
    message: string,
  ) {
    super(message);
    this.name = 'CaptureError';
  }
}

/** Map a getDisplayMedia/getUserMedia rejection to a failure kind. */
export function toCaptureError(err: unknown): CaptureError {
  if (err instanceof CaptureError) return err;
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  const message = err instanceof Error || err instanceof DOMException ? err.message : String(err);
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      // Chrome and Firefox both say NotAllowedError for "cancelled the picker" and "blocked by settings"; the
      // message is the only hint, and both are answered the same way: try again or check the permission. A frame's
      // Permissions-Policy (the embedding site's) is answered differently: a new tab on the recorder's own site.
      if (/permissions policy/i.test(message)) return new CaptureError('frame-policy', message);
      return new CaptureError(/denied by system|permission denied by system|policy/i.test(message) ? 'denied' : 'dismissed', message);
    case 'AbortError':
      return new CaptureError('dismissed', message);
    case 'NotFoundError':
    case 'OverconstrainedError':
      return new CaptureError('not-found', message);
    case 'NotReadableError':
      return new CaptureError('in-use', message);
    case 'TypeError':
    case 'NotSupportedError':
      return new CaptureError('unsupported', message);
    default:
      return new CaptureError('unknown', message);
  }
}

export function withTimeout<T>(promise: Promise<T>, ms: number, onLate?: (value: T) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      reject(new CaptureError('timeout', `no answer within ${ms} ms`));
    }, ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        if (settled) onLate?.(v);
        else resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        if (!settled) reject(e);
      },
    );
  });
}
