import { parseOfferStatusFilter } from '@granary/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** status and paging in the URL (grain-marketing.md 2 'CRM list query parameters': status, page, paginationToken). */
export function useOffersUrlState() {
  const [params, setParams] = useSearchParams();
  const status = parseOfferStatusFilter(params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const token = params.get('paginationToken');
  const set = useCallback(
    (values: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [k, v] of Object.entries(values)) {
            if (v === null) next.delete(k);
            else next.set(k, v);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { status, page, token, set };
}
