import { useEffect, type DependencyList } from 'react';
import { useApiResource, type ApiResource } from '../../app/useApiResource.ts';

/** How often the page asks again while a background result (transcript, summary) is on its way. */
const POLL_MS = 4000;

/** `load` again every few seconds while `waiting(data)` says the result is still on its way. */
export function usePolledResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList, waiting: (data: T) => boolean): ApiResource<T> {
  const resource = useApiResource(load, deps);
  const { data, loading, reload } = resource;
  const again = data !== undefined && waiting(data);
  useEffect(() => {
    if (!again || loading) return;
    const timer = setTimeout(reload, POLL_MS);
    return () => clearTimeout(timer);
  }, [again, loading, reload]);
  return resource;
}
