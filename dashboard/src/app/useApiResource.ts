import { useCallback, useEffect, useState, type DependencyList, type Dispatch, type SetStateAction } from 'react';

export interface ApiResource<T> {
  data: T | undefined;
  error: unknown;
  /** True until the first answer and during every reload. */
  loading: boolean;
  reload: () => void;
  /** Replaces the data with what an action answered (a saved setting), without loading again. */
  setData: Dispatch<SetStateAction<T | undefined>>;
}

/**
 * Loads `load` whenever `deps` change, aborting the previous call so a slow old answer never replaces a newer one.
 * Keeps the last data while reloading, so lists do not flash empty between pages.
 */
export function useApiResource<T>(load: (signal: AbortSignal) => Promise<T>, deps: DependencyList): ApiResource<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    load(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(reason);
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [...deps, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload, setData };
}
