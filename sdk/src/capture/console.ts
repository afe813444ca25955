import type { ConsoleLevel } from '../types.ts';
import { guard } from '../core/guard.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';
import { serialize } from './serialize.ts';

export function captureConsole(levels: readonly ConsoleLevel[], record: (e: Captured) => void): Restore[] {
  // A getter or toJSON that logs while we serialise would recurse forever.
  let busy = false;
  return levels.map((level) =>
    patch(console, level, (orig) =>
      function (this: unknown) {
        if (!busy) {
          busy = true;
          // eslint-disable-next-line prefer-rest-params
          const args = arguments;
          guard(() => record({ kind: 'console', t: Date.now(), level, message: serialize(args) }));
          busy = false;
        }
        // eslint-disable-next-line prefer-rest-params
        return Reflect.apply(orig, this, arguments);
      },
    ),
  );
}
