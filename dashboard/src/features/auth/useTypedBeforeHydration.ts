import { useLayoutEffect, type RefObject } from 'react';

/**
 * The sign-in and sign-up forms are prerendered: a visitor can type into them before React hydrates the page, and
 * React then keeps its own empty state without reading the fields (it leaves what they show alone). Once mounted,
 * what the form's named fields hold is handed to `take`, so the state is what the visitor sees.
 */
export function useTypedBeforeHydration(form: RefObject<HTMLFormElement | null>, take: (name: string, value: string | boolean) => void): void {
  useLayoutEffect(() => {
    for (const element of form.current?.elements ?? []) {
      if (!(element instanceof HTMLInputElement) || !element.name || element.type === 'hidden') continue;
      if (element.type === 'checkbox') {
        if (element.checked) take(element.name, true);
      } else if (element.value) {
        take(element.name, element.value);
      }
    }
    // Once, for the HTML React has just hydrated; `take` is a new function on every render.
  }, []);
}
