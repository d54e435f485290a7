import { findCrop } from '@granary/domain';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { BidsFilters } from './api/instruments';

export type Visibility = BidsFilters['visibility'];

/** cropFilter and instrumentVisibility of the URL (grain-marketing.md 2 'CRM list query parameters'). */
export function useBidsUrlState() {
  const [params, setParams] = useSearchParams();
  const cropParam = params.get('cropFilter');
  const crop = cropParam ? findCrop(cropParam) : null;
  const visibilityParam = params.get('instrumentVisibility');
  const visibility: Visibility =
    visibilityParam === 'public' || visibilityParam === 'private' ? visibilityParam : 'all';
  const setParam = useCallback(
    (key: 'cropFilter' | 'instrumentVisibility', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null) next.delete(key);
          else next.set(key, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  // instrument: a bid to point at (a link from an offer, a notification): highlighted and scrolled to.
  const instrumentParam = params.get('instrument');
  const highlightId = instrumentParam && /^\d{1,15}$/.test(instrumentParam) ? Number(instrumentParam) : null;
  return { cropId: crop?.id ?? null, visibility, highlightId, setParam };
}
