import { useEffect } from 'react';
import { m } from '../messages/index.ts';

const REDIRECT_DELAY_MS = 2500;

/**
 * How the customer leaves: the request's page after the thank-you (`redirectTo`), and the browser's own question
 * while a recording is only on this device (`unsent`), which would strand it until they came back to the link.
 */
export function useLeaving(redirectTo: string | undefined, unsent: boolean): void {
  useEffect(() => {
    if (!redirectTo) return;
    const t = setTimeout(() => window.location.assign(redirectTo), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [redirectTo]);

  useEffect(() => {
    if (!unsent) return;
    const warn = (e: BeforeUnloadEvent): void => {
      e.preventDefault();
      e.returnValue = m.leaveWarning;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsent]);
}
