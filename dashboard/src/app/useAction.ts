import { useCallback, useState } from 'react';
import { errorText } from './errorText.ts';

export interface Action<K extends string> {
  /** The action running now, for its button's spinner. */
  busy: K | undefined;
  /** The last failure's text; cleared when the next action starts. */
  error: string | undefined;
  setError: (text: string | undefined) => void;
  /**
   * Runs `work` as `name`. A failure shows the server's message, else `failed`, and `onFailed` runs with that text
   * before the button is free again. Resolves true when `work` succeeded.
   */
  run: (name: K, work: () => Promise<unknown>, failed: string, onFailed?: (text: string) => unknown) => Promise<boolean>;
}

/** The busy and error state of the buttons that call the API. */
export function useAction<K extends string>(): Action<K> {
  const [busy, setBusy] = useState<K | undefined>(undefined);
  const [error, setError] = useState<string | undefined>(undefined);

  const run = useCallback(async (name: K, work: () => Promise<unknown>, failed: string, onFailed?: (text: string) => unknown) => {
    setBusy(name);
    setError(undefined);
    try {
      await work();
      return true;
    } catch (e) {
      const text = errorText(e, failed);
      setError(text);
      await onFailed?.(text);
      return false;
    } finally {
      setBusy(undefined);
    }
  }, []);

  return { busy, error, setError, run };
}
