import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * One page of an admin list: loaded whenever `query` changes (compared by value), and again on `reload()` (a live
 * event, an action). `failed` stays set until a load succeeds.
 */
export function useAdminList<Q, T>(query: Q, load: (query: Q) => Promise<{ items: T[]; total: number }>) {
  const [items, setItems] = useState<T[] | undefined>(undefined);
  const [total, setTotal] = useState(0);
  const [failed, setFailed] = useState(false);
  const latest = useRef({ query, load });
  latest.current = { query, load };
  const key = JSON.stringify(query);
  const reload = useCallback(async () => {
    try {
      const list = await latest.current.load(latest.current.query);
      setItems(list.items);
      setTotal(list.total);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [key, reload]);
  return { items, total, failed, reload };
}
