import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** List filters kept in the URL (so back, reload and shared links keep them); empty values are dropped. */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const value = useMemo(() => {
    const out: Partial<Record<K, string>> = {};
    for (const k of keys) {
      const v = params.get(k);
      if (v) out[k] = v;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the keys' values: callers pass a fresh array literal each render
  }, [params, keys.join(',')]);
  const set = useCallback(
    (next: Partial<Record<K, string>>) => {
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          for (const k of keys) {
            const v = next[k];
            if (v) out.set(k, v);
            else out.delete(k);
          }
          return out;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the keys' values: callers pass a fresh array literal each render
    [setParams, keys.join(',')],
  );
  return [value, set] as const;
}

/** One search parameter (e.g. the open contract), pushed to history so the phone's back button closes it. */
export function useUrlParam(key: string) {
  const [params, setParams] = useSearchParams();
  const value = params.get(key);
  const set = useCallback(
    (next: string | null) => {
      setParams((prev) => {
        const out = new URLSearchParams(prev);
        if (next) out.set(key, next);
        else out.delete(key);
        return out;
      });
    },
    [key, setParams],
  );
  return [value, set] as const;
}
