import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The first tab's id: no `structure_view` in the URL means it. */
const DEFAULT_STRUCTURES_VIEW = 'live';

/**
 * The tab in force on /crm/structures: `structure_view` (grain-marketing.md 2 'CRM list query parameters'); the page
 * checks it against its tabs. `setView` moves to a tab and sets or drops other parameters with it (null drops).
 */
export function useStructuresView() {
  const [params, setParams] = useSearchParams();
  const view = params.get('structure_view') ?? DEFAULT_STRUCTURES_VIEW;
  const setView = useCallback(
    (next: string, extra: Record<string, string | null> = {}) =>
      setParams((current) => {
        const p = new URLSearchParams(current);
        if (next === DEFAULT_STRUCTURES_VIEW) p.delete('structure_view');
        else p.set('structure_view', next);
        for (const [key, value] of Object.entries(extra)) {
          if (value === null) p.delete(key);
          else p.set(key, value);
        }
        return p;
      }),
    [setParams],
  );
  return { view, setView };
}
