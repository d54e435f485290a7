import { savedViewStateKey, type SavedViewGrid, type SavedViewState } from '@granary/domain';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useGridPrefs } from './use-grid-prefs';

/** URL parameters that are never part of a view: paging, the market, a row pointed at. */
const NONE: readonly string[] = [];
const NOT_IN_VIEWS = ['page', 'paginationToken', 'market_id', 'highlight_id', 'instrument'];

/**
 * A grid's whole state as a saved view keeps it: the URL's filters (with sort and sort order) and the column
 * choices and density; `apply` puts a view's state back (the URL's other filters go, paging starts again).
 */
export function useGridState(grid: SavedViewGrid, ignoreParams: readonly string[] = NONE) {
  const [params, setParams] = useSearchParams();
  const [prefs, setPrefs] = useGridPrefs(grid);
  const ignored = useMemo(() => new Set([...NOT_IN_VIEWS, ...ignoreParams]), [ignoreParams]);

  const state = useMemo<SavedViewState>(() => {
    const filters: Record<string, string> = {};
    for (const key of new Set(params.keys())) {
      if (ignored.has(key)) continue;
      const value = params
        .getAll(key)
        .filter((v) => v.trim() !== '')
        .join(',');
      if (value !== '') filters[key] = value;
    }
    return {
      filters,
      hiddenColumns: [...prefs.hiddenColumns],
      shownColumns: [...prefs.shownColumns],
      density: prefs.density,
    };
  }, [params, ignored, prefs]);

  const apply = useCallback(
    (next: SavedViewState) => {
      setParams((current) => {
        const out = new URLSearchParams();
        for (const [key, value] of current) if (ignored.has(key) && !PAGING.has(key)) out.append(key, value);
        for (const [key, value] of Object.entries(next.filters)) if (!ignored.has(key)) out.set(key, value);
        return out;
      });
      setPrefs({ hiddenColumns: next.hiddenColumns, shownColumns: next.shownColumns, density: next.density });
    },
    [ignored, setParams, setPrefs],
  );

  const key = useMemo(() => savedViewStateKey(state), [state]);
  return { state, key, apply };
}

const PAGING = new Set(['page', 'paginationToken', 'highlight_id', 'instrument']);
