import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { getSession } from './access.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- module augmentation merges into an interface
  interface FastifyContextConfig {
    /**
     * Writes a user may make to this route per minute (default WRITE_LIMIT_PER_MINUTE); routes that create content
     * (notes, follow-ups) say less. A route with its own `rateLimit` (the sign-in calls, per client) keeps that.
     */
    writeLimit?: number;
  }
}

/** Per user (or, signed out, per client) and route: a person at a keyboard stays far below it, a script does not. */
const WRITE_LIMIT_PER_MINUTE = 120;
/** For routes that create content other people read (notes, follow-ups, …). */
export const CREATE_LIMIT_PER_MINUTE = 30;

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whose writes are counted: the person at the keyboard (the admin while acting as someone), else the client's IP.
 * Runs after the access check (preHandler), so the session is the one it already loaded.
 */
async function writerKey(ctx: AppContext, request: FastifyRequest): Promise<string> {
  const session = await getSession(ctx, request);
  return session ? `user:${session.actor?.id ?? session.user.id}` : `ip:${request.ip}`;
}

/**
 * Gives every state-changing route a per-user rate limit (counted in PostgreSQL like the others, so every server
 * process shares it). Must be registered before @fastify/rate-limit, whose own onRoute hook reads the config.
 */
export function registerWriteLimits(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const config = (route.config ?? {}) as NonNullable<typeof route.config> & {
      rateLimit?: unknown;
      writeLimit?: number;
    };
    if (config.rateLimit !== undefined) return;
    // A copy: modules pass one config object to several routes (`config: session`), and a read sharing it with a
    // write must not take the write's limit (a progress page polling each second would be refused after two minutes).
    route.config = {
      ...config,
      rateLimit: {
        max: config.writeLimit ?? WRITE_LIMIT_PER_MINUTE,
        timeWindow: 60_000,
        hook: 'preHandler',
        keyGenerator: (request: FastifyRequest) => writerKey(ctx, request),
      },
    };
  });
}
