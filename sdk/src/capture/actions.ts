import { listen, type Restore } from '../core/patch.ts';
import type { Captured, RawAction } from '../core/event-buffer.ts';

/**
 * The customer's actions, as cheap as a listener can be (the up-front bundle carries it): capture-phase listeners on
 * `window` (none ever cancels: passive in effect) that keep the event and the states that change later — a
 * checkbox's `checked` or a select's index (else the focused element: a window blur into a frame of the page is no
 * leaving it), and whether the tab is hidden — and read nothing else: no layout, no text. The context chunk describes them at hand-off (widget/describe-action.ts), from `raw.target`. Keys other than
 * Enter, Escape and Tab are never kept, and scrolling is one action a second at most: what is left comes at a
 * person's pace, bounded in all by the buffer and the hand-off (500 actions). Nothing here can throw.
 */
export function captureActions(record: (e: Captured) => void): Restore {
  let last: RawAction | undefined;
  const on = (e: Event) => {
    const t = Date.now();
    const el = e.target as HTMLInputElement & HTMLSelectElement;
    if (e.type == 'keydown' ? !/^(Enter|Escape|Tab)$/.test((e as KeyboardEvent).key) : e.type == 'scroll' && last?.raw.type == 'scroll' && t - last.t < 1000) return;
    record((last = { kind: 'action', t, raw: e, on: el.checked ?? el.selectedIndex ?? document.activeElement, hidden: document.hidden }));
  };
  return listen('click change keydown submit visibilitychange scroll focus blur', on, true);
}
