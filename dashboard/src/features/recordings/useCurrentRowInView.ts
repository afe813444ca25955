import { useEffect, type RefObject } from 'react';

/**
 * Keeps the list's row marked aria-current="true" in view by scrolling the list itself, never the page, whenever
 * `current` changes (the timeline's event, the transcript's segment being spoken).
 */
export function useCurrentRowInView(list: RefObject<HTMLElement | null>, current: unknown): void {
  useEffect(() => {
    const box = list.current;
    const row = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !row) return;
    const top = row.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + row.offsetHeight > box.scrollTop + box.clientHeight) box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }, [list, current]);
}
