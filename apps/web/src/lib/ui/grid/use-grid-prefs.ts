import { GRID_DENSITIES, type GridDensity, type SavedViewGrid } from '@granary/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { readStorage, writeStorage } from '../../browser/storage';
import { DEFAULT_GRID_PREFS, type GridPrefs } from './grid-columns';

// A grid's column choices and density stay on this device (localStorage) from one visit to the next; a saved view
// (server-side) carries them to other devices.

const listeners = new Set<() => void>();
const cache = new Map<string, GridPrefs>();

const storageKey = (grid: SavedViewGrid) => `granary.grid.${grid}`;

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').slice(0, 100) : [];
}

function read(grid: SavedViewGrid): GridPrefs {
  const cached = cache.get(grid);
  if (cached) return cached;
  let prefs = DEFAULT_GRID_PREFS;
  try {
    const parsed = JSON.parse(readStorage(storageKey(grid)) ?? 'null') as Partial<GridPrefs> | null;
    if (parsed && typeof parsed === 'object') {
      prefs = {
        hiddenColumns: stringList(parsed.hiddenColumns),
        shownColumns: stringList(parsed.shownColumns),
        density: GRID_DENSITIES.includes(parsed.density as GridDensity)
          ? (parsed.density as GridDensity)
          : 'comfortable',
      };
    }
  } catch {
    // a damaged entry: the defaults
  }
  cache.set(grid, prefs);
  return prefs;
}

function writeGridPrefs(grid: SavedViewGrid, prefs: GridPrefs): void {
  cache.set(grid, prefs);
  writeStorage(storageKey(grid), JSON.stringify(prefs));
  for (const listener of listeners) listener();
}

/** Forgets the cached choices (tests start each from the storage). */
export function resetGridPrefsCache(): void {
  cache.clear();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The grid's column choices and density, and their setter. */
export function useGridPrefs(grid: SavedViewGrid): [GridPrefs, (prefs: GridPrefs) => void] {
  const prefs = useSyncExternalStore(
    subscribe,
    () => read(grid),
    () => DEFAULT_GRID_PREFS,
  );
  const set = useCallback((next: GridPrefs) => writeGridPrefs(grid, next), [grid]);
  return [prefs, set];
}
