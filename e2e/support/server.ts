import { inject } from 'vitest';

/** A server the specs run against, as the global setup started and seeded it. */
export type E2eServer = {
  baseURL: string;
  /** A session per demo account, plus `<account>2` spares and `<account>-logout` for a spec that signs out. */
  sessionTokens: Record<string, string>;
};

/**
 * This worker's server. Spec files run on E2E_WORKERS workers at once, each with a server (and database) of its own:
 * a worker runs one file at a time, so a spec shares its server with no spec running beside it — as when every spec
 * ran one after another on one server (docs/decisions/064).
 */
export function e2eServer(): E2eServer {
  const servers = inject('servers');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1') - 1;
  return servers[slot % servers.length]!;
}
