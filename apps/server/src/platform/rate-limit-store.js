import { sql } from 'drizzle-orm';
/**
 * A fixed-window counter in PostgreSQL, so every server process behind a load balancer shares the same
 * limits (DESIGN.md: throttling state never lives in process memory).
 */
export async function incrementCounter(db, key, windowMs) {
    const result = await db.execute(sql `
    insert into rate_limit_counters (key, count, window_ends_at)
    values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    on conflict (key) do update set
      count = case when rate_limit_counters.window_ends_at <= now() then 1 else rate_limit_counters.count + 1 end,
      window_ends_at = case when rate_limit_counters.window_ends_at <= now()
        then excluded.window_ends_at else rate_limit_counters.window_ends_at end
    returning count, greatest(0, floor(extract(epoch from (window_ends_at - now())) * 1000)) as ttl_ms`);
    const row = result.rows[0];
    if (!row)
        throw new Error('rate limit counter returned no row');
    return { current: Number(row.count), ttl: Number(row.ttl_ms) };
}
export async function purgeExpiredCounters(db) {
    await db.execute(sql `delete from rate_limit_counters where window_ends_at < now() - interval '1 hour'`);
}
export function postgresRateLimitStore(db) {
    class PostgresStore {
        prefix;
        constructor(prefix = 'rl:') {
            this.prefix = prefix;
        }
        incr(key, callback, timeWindow) {
            incrementCounter(db, `${this.prefix}${key}`, timeWindow).then((r) => callback(null, r), (err) => callback(err));
        }
        child(routeOptions) {
            return new PostgresStore(`rl:${String(routeOptions.method)}:${routeOptions.path}:`);
        }
    }
    return PostgresStore;
}
