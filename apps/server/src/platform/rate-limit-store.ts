import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { rowsOf, type Db } from './db.ts';

/**
 * A fixed-window counter in PostgreSQL, so every server process behind a load balancer shares the same
 * limits (DESIGN.md: throttling state never lives in process memory).
 */
export async function incrementCounter(
  db: Db,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const [row] = rowsOf<{ count: number; ttlMs: string | number }>(
    await db.execute(sql`
    insert into rate_limit_counters (key, count, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limit_counters.window_ends_at <= now() then 1 else rate_limit_counters.count + 1 end,
      window_ends_at = case when rate_limit_counters.window_ends_at <= now()
        then excluded.window_ends_at else rate_limit_counters.window_ends_at end
    returning count, greatest(0, floor(extract(epoch from (window_ends_at - now())) * 1000)) as "ttlMs"`),
  );
  if (!row) throw new Error('rate limit counter returned no row');
  return { current: Number(row.count), ttl: Number(row.ttlMs) };
}

export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresStore implements FastifyRateLimitStore {
    private readonly prefix: string;
    /** The plugin constructs the root store with its options; each route's store is a child() with its own prefix. */
    constructor(prefix: unknown = 'rl:') {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      incrementCounter(db, `${this.prefix}${key}`, timeWindow).then(
        (r) => callback(null, r),
        (err: Error) => callback(err),
      );
    }
    /** One bucket per route (method and URL pattern), as the in-memory store of @fastify/rate-limit does. */
    child(params: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes its merged options, with the route under routeInfo (its typings say otherwise).
      const route = (params as unknown as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo ?? {};
      const method = Array.isArray(route.method) ? route.method.join(',') : (route.method ?? '');
      return new PostgresStore(`rl:${method}:${route.url ?? ''}:`);
    }
  }
  return PostgresStore as unknown as FastifyRateLimitStoreCtor;
}
