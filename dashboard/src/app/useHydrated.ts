import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React renders a page on the server (the prerender) and while it hydrates that HTML, true afterwards and
 * on every client-side mount. A prerendered page was rendered for a visitor with no query, no storage and no
 * document: what depends on those waits for this to turn true, so hydration matches the HTML (no React #418, which
 * throws the server's HTML away) and then re-renders with the real values.
 */
export const useHydrated = (): boolean => useSyncExternalStore(noSubscription, () => true, () => false);
