import { useLayoutEffect, type RefObject } from 'react';

/**
 * Public pages are prerendered: a visitor can type into a field (sign-in, sign-up, contact, the FAQ search) before
 * React hydrates the page, and React then keeps its own empty state without reading the field (it leaves what it
 * shows alone). Once mounted, what the named fields inside `container` hold is handed to `take`, so the state is what
 * the visitor sees. Empty fields are skipped: the state's own value (a default, a value from the query) stays.
 */
export function useTypedBeforeHydration(container: RefObject<HTMLElement | null>, take: (name: string, value: string | boolean) => void): void {
  useLayoutEffect(() => {
    for (const element of container.current?.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>('input, textarea, select') ?? []) {
      if (!element.name || element.type === 'hidden') continue;
      if (element instanceof HTMLInputElement && element.type === 'checkbox') {
        if (element.checked) take(element.name, true);
      } else if (element.value) {
        take(element.name, element.value);
      }
    }
    // Once, for the HTML React has just hydrated; `take` is a new function on every render.
  }, []);
}
