import type { ConsoleLevel } from '../types.ts';
import { patch, type Restore } from '../core/patch.ts';
import type { Captured } from '../core/event-buffer.ts';

export function captureConsole(levels: readonly ConsoleLevel[], record: (e: Captured) => void): Restore[] {
  // Guards against recording re-entering the console through page code it calls (a page's own setTimeout that logs).
  let busy = false;
  return levels.map((level) =>
    patch(console, level, (_, args) => {
      if (busy) return;
      busy = true;
      try {
        // The arguments as they are (the array is ours); the buffer writes them out shortly after, off this call.
        record({ kind: 'console', t: Date.now(), level, message: '', args });
      } finally {
        busy = false;
      }
    }),
  );
}
