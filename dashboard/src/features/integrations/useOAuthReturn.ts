import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * Back from a provider's authorize page: the API's callback lands on /my/integrations with `?<name>=connected` or
 * `?<name>=failed`. A failure calls `onFailed`; either way the parameter leaves the address (a reload says nothing).
 * `onFailed` is read when the address changes, not watched: callers pass a fresh closure on every render.
 */
export function useOAuthReturn(name: string, onFailed: () => void): void {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    const outcome = params.get(name);
    if (!outcome) return;
    if (outcome === 'failed') onFailed();
    const rest = new URLSearchParams(params);
    rest.delete(name);
    setParams(rest, { replace: true });
  }, [name, params, setParams]);
}
