import type { ConsoleLevel } from '../types.ts';
import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';

export function captureConsole(levels: readonly ConsoleLevel[], record: (e: Captured) => void): Restore[] {
  // Guards against a host console that calls itself through us (e.g. a logger library wrapping the console).
  let busy = false;
  return levels.map((level) =>
    patch(console, level, (orig) =>
      function (this: unknown) {
        if (!busy) {
          busy = true;
          // The arguments as they are; the buffer writes them out shortly after, off this call.
          // eslint-disable-next-line prefer-rest-params
          const args = Array.prototype.slice.call(arguments);
          guard(() => record({ kind: 'console', t: Date.now(), level, message: '', args }));
          busy = false;
        }
        // eslint-disable-next-line prefer-rest-params
        return Reflect.apply(orig, this, arguments);
      },
    ),
  );
}
