import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { setTimeout as sleep } from 'node:timers/promises';
import { READ_RETRY_DELAY_MS, isConnectionError, runInDbScope, type Database, type Db } from './db.ts';
import { AppError } from './errors.ts';

/**
 * One transaction per state-changing request (docs/decisions/025-hardening-rules.md).
 *
 * Every POST, PUT, PATCH and DELETE handler runs inside one database transaction, and `database.db` is that
 * transaction for everything the handler calls. So a write and its audit record, or the several writes of one
 * call, commit together or not at all — whatever the service remembered to wrap — and a connection that breaks
 * half-way leaves nothing half-written. The rules:
 * - The handler ends normally: commit, then the answer is sent. An answer the handler sent itself (reply.send)
 *   is held back until the commit, so no client is told "done" about a write that did not commit.
 * - The handler refuses (an AppError below 500): commit. A refusal is the service's own answer and keeps what it
 *   recorded on the way (failed sign-in counters, a lock and its e-mail, attempts); services check before they write.
 * - Anything else (a bug, a database error, a 5xx): roll back, and the error handler answers (503 for a broken
 *   connection, 500 otherwise).
 * - The connection broke before the handler began (BEGIN failed): nothing was done, so it is tried once more on
 *   a fresh connection, like a read.
 * - Everything before the handler (session, CSRF, rate limits, the act-as audit record, which must stay even when
 *   the request fails) runs outside it.
 *
 * GET and HEAD requests run in a scope that lets a read that failed on a broken connection be tried once more.
 */

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isRefusal(err: unknown): err is AppError {
  return err instanceof AppError && err.status < 500;
}

async function runHandlerInTransaction(
  root: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  handler: () => unknown,
): Promise<unknown> {
  let deferred: { payload: unknown } | null = null;
  let refusal: AppError | null = null;
  let began = false;
  // Held back until the commit; `delete` brings back Reply.prototype.send. The reply is also no thenable meanwhile:
  // a handler that returns it (`return reply.send(x)`) would otherwise wait for an answer that waits for the commit.
  (reply as { send: unknown }).send = (payload?: unknown) => {
    deferred = { payload };
    return reply;
  };
  (reply as { then: unknown }).then = undefined;
  const attempt = () =>
    root.transaction(async (tx) => {
      began = true;
      const scope: { tx: Db | null; retryReads: boolean } = { tx, retryReads: false };
      try {
        return await runInDbScope(scope, async () => {
          try {
            return await handler();
          } catch (err) {
            if (!isRefusal(err)) throw err;
            refusal = err;
            return undefined;
          }
        });
      } finally {
        // Work the handler started and did not await goes to the root database afterwards.
        scope.tx = null;
      }
    });
  let result: unknown;
  try {
    try {
      result = await attempt();
    } catch (err) {
      if (began || !isConnectionError(err)) throw err;
      request.log.warn({ err }, 'could not begin the request transaction; trying once more on a fresh connection');
      await sleep(READ_RETRY_DELAY_MS);
      result = await attempt();
    }
  } finally {
    delete (reply as { send?: unknown }).send;
    delete (reply as { then?: unknown }).then;
  }
  if (refusal) throw refusal;
  if (deferred) {
    reply.send((deferred as { payload: unknown }).payload);
    return reply;
  }
  return result;
}

export function registerRequestTransactions(app: FastifyInstance, database: Database): void {
  app.addHook('onRequest', (request, _reply, done) => {
    runInDbScope({ tx: null, retryReads: request.method === 'GET' || request.method === 'HEAD' }, done);
  });
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((m) => WRITE_METHODS.has(m))) return;
    const original = route.handler;
    const wrapped = function (this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
      if (!WRITE_METHODS.has(request.method)) return original.call(this, request, reply);
      return runHandlerInTransaction(database.root, request, reply, () => original.call(this, request, reply));
    };
    route.handler = wrapped as RouteHandlerMethod;
  });
}
