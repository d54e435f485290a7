import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from './context.ts';
import { AppError } from './errors.ts';

/**
 * Rules every request meets before any route runs (docs/decisions/025-hardening-rules.md): text that PostgreSQL
 * cannot store is refused with a 400, answers that depend on a session are never cached, and the dev tools answer
 * only a developer at the machine itself.
 */

/** True when a string can be stored as PostgreSQL text and jsonb: no NUL, no UTF-16 surrogate without its pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function isStorableText(value: string): boolean {
  return !value.includes('\0') && !LONE_SURROGATE.test(value);
}

/** A body left as a stream for the route to read (a raw file upload's request stream): not parsed text. */
const isStream = (value: object) => typeof (value as { pipe?: unknown }).pipe === 'function';

/**
 * The path of the first string (or object key) in a parsed request part that is not storable text, or null.
 * Iterative, so a deeply nested body cannot overflow the stack. A stream body is the route's to read: walking it
 * would walk the socket and the server behind it (a cycle, never ending).
 */
export function findUnstorableText(root: unknown, rootPath: string): string | null {
  const stack: [unknown, string][] = [[root, rootPath]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return path;
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], `${path}.${i}`]);
    } else if (
      value !== null &&
      typeof value === 'object' &&
      !Buffer.isBuffer(value) &&
      !(value instanceof Uint8Array) &&
      !isStream(value)
    ) {
      const entries = Object.entries(value);
      for (const [key] of entries) if (!isStorableText(key)) return `${path}.${JSON.stringify(key)}`;
      // Pushed last to first, so the first in the request is looked at first.
      for (let i = entries.length - 1; i >= 0; i--) stack.push([entries[i]![1], `${path}.${entries[i]![0]}`]);
    }
  }
  return null;
}

const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired UTF-16 surrogates.';

/** Refuses a request whose path, query or parsed body holds text PostgreSQL can't store (before validation). */
function refuseUnstorableText(request: FastifyRequest): void {
  const where =
    findUnstorableText(request.params, 'params') ??
    findUnstorableText(request.query, 'querystring') ??
    findUnstorableText(request.body, 'body');
  if (where) {
    throw new AppError('invalid_request', `${UNSTORABLE_TEXT_MESSAGE} (${where})`, [
      { path: where, message: UNSTORABLE_TEXT_MESSAGE },
    ]);
  }
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'] as const;

/**
 * The development tools (the dev mailbox, its API and page) answer only outside production and only a request made
 * on this machine: the socket's peer is a loopback address (never request.ip, which a proxy header can set) and no
 * proxy forwarded it (a local reverse proxy would make every visitor look local).
 */
export function isDevToolsRequest(ctx: AppContext, request: FastifyRequest): boolean {
  if (ctx.env.NODE_ENV === 'production') return false;
  const peer = request.raw.socket.remoteAddress ?? '';
  if (!LOOPBACK.test(peer)) return false;
  return FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);
}

/** Registers the rules on the app (before the routes). */
export function registerRequestRules(app: FastifyInstance): void {
  // preValidation: after the body is parsed, before the route's schema or handler sees it.
  app.addHook('preValidation', async (request) => {
    refuseUnstorableText(request);
  });
  // Anything the API answers may depend on who asks: never stored by a browser or a shared cache, unless the
  // route says otherwise itself (the catalogue's public answers, images).
  app.addHook('onSend', async (request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && (request.url === '/api' || request.url.startsWith('/api/'))) {
      reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });
}
