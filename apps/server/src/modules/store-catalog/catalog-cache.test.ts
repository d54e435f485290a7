import { describe, expect, it } from 'vitest';
import { catalogAggregates, createAggregateCache } from './catalog-cache.ts';

describe('catalogue aggregate cache', () => {
  it('answers from the cache within the TTL, loads again after it, and shares concurrent misses', async () => {
    let now = 0;
    let loads = 0;
    const cache = createAggregateCache({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    now = 999;
    expect(await cache.get('k', load)).toBe(1);
    now = 1000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('does not keep a failed load, and keeps at most maxEntries', async () => {
    const cache = createAggregateCache({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
    let loads = 0;
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => ++loads);
    await cache.get('a', async () => ++loads);
    expect(loads).toBe(4);
  });

  it('keeps one cache per database', () => {
    const one = {};
    expect(catalogAggregates(one)).toBe(catalogAggregates(one));
    expect(catalogAggregates(one)).not.toBe(catalogAggregates({}));
  });
});
