import { useSearchParams } from 'react-router';

/**
 * The admin lists keep filters, page and the open item in the URL, so links and the back button work. `update` sets
 * the given keys (an empty value removes one) and keeps the others.
 */
export function useQueryParams(): { params: URLSearchParams; update: (changes: Record<string, string | undefined>) => void } {
  const [params, setParams] = useSearchParams();
  const update = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(key);
      else next.set(key, value);
    }
    setParams(next);
  };
  return { params, update };
}
