import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The structure open in the detail drawer: `structure` in the URL, so Back closes it and a link opens it. */
export function useOpenStructure() {
  const [params, setParams] = useSearchParams();
  const raw = params.get('structure');
  const openId = raw && /^\d{1,9}$/.test(raw) ? Number(raw) : null;
  const open = useCallback(
    (id: number | null) =>
      setParams((current) => {
        const p = new URLSearchParams(current);
        if (id === null) p.delete('structure');
        else p.set('structure', String(id));
        return p;
      }),
    [setParams],
  );
  return { openId, open };
}
