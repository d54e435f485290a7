// A short-lived, per-process cache of catalogue aggregates that change only when the catalogue does (facet counts
// over a page's scope, category product counts). Concurrent misses share one query. It holds no state anyone
// depends on: another process simply computes its own, and a change shows within the TTL.

type Entry<T> = { at: number; value: Promise<T> };

export type AggregateCache = {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
};

export function createAggregateCache(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): AggregateCache {
  const entries = new Map<string, Entry<unknown>>();
  const now = options.now ?? Date.now;
  return {
    get<T>(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key) as Entry<T> | undefined;
      if (hit && now() - hit.at < options.ttlMs) return hit.value;
      const value = load();
      entries.delete(key);
      entries.set(key, { at: now(), value });
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      while (entries.size > options.maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest === undefined) break;
        entries.delete(oldest);
      }
      return value;
    },
    clear: () => entries.clear(),
  };
}

const perDatabase = new WeakMap<object, AggregateCache>();

/** The catalogue's aggregates of one database (a process may serve several, e.g. tests): a minute old at most. */
export function catalogAggregates(db: object): AggregateCache {
  let cache = perDatabase.get(db);
  if (!cache) {
    cache = createAggregateCache({ ttlMs: 60_000, maxEntries: 2_000 });
    perDatabase.set(db, cache);
  }
  return cache;
}
