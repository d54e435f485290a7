import type { FastifyRequest } from 'fastify';
import { matchRoute } from '@granary/domain';

/**
 * Secrets never reach the logs (docs/decisions/025-hardening-rules.md). Links that sign someone in or prove who they
 * are carry a token in their path or query: password resets, magic links, signup verification, e-signing links,
 * invitations. The request log writes their URL with every such value replaced by `[redacted]`:
 * - a query parameter whose name says it is a secret (token, code, state, …);
 * - a path parameter so named, whether of an API route (Fastify's params) or of a page of the web's route table
 *   (`/password/exchange/:token`, `/profit-center/:esignProvider/sign/:token`, …).
 */

/** Names of parameters that carry a secret; `ref` is an e-signing link's reference (its one-time token). */
const SECRET_NAME =
  /^(token|ref|code|otp|verification_?token|state|nonce|id_token|access_token|refresh_token|secret|password|signature|key)$/i;
export const REDACTED = '[redacted]';

function secretValues(params: Record<string, unknown> | undefined): string[] {
  if (!params) return [];
  return Object.entries(params)
    .filter(([name, value]) => SECRET_NAME.test(name) && typeof value === 'string' && value.length > 0)
    .map(([, value]) => value as string);
}

/** A URL (path and query, as received) with its secrets replaced; `params` are the route's decoded path parameters. */
export function redactUrl(url: string, params?: Record<string, unknown>): string {
  const q = url.indexOf('?');
  let path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? '' : url.slice(q + 1);

  let decodedPath = path;
  try {
    decodedPath = decodeURIComponent(path);
  } catch {
    // keep the raw path: nothing would match a malformed one anyway
  }
  // API routes name their parameters themselves; a page's come from the web's route table.
  const pageParams = decodedPath.startsWith('/api/') ? undefined : matchRoute(decodedPath)?.params;
  const values = [...secretValues(params), ...secretValues(pageParams)];
  if (values.length > 0) {
    path = path
      .split('/')
      .map((segment) => {
        let decoded = segment;
        try {
          decoded = decodeURIComponent(segment);
        } catch {
          // compare the raw segment
        }
        return values.includes(decoded) || values.includes(segment) ? REDACTED : segment;
      })
      .join('/');
  }
  if (!query) return path;
  const redactedQuery = query
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const rawName = eq < 0 ? pair : pair.slice(0, eq);
      let name = rawName;
      try {
        name = decodeURIComponent(rawName.replaceAll('+', ' '));
      } catch {
        // keep the raw name
      }
      return eq >= 0 && SECRET_NAME.test(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${redactedQuery}`;
}

/** The request's URL for logs and audit records: its secrets replaced. */
export function redactedUrlOf(request: FastifyRequest): string {
  return redactUrl(request.url, request.params as Record<string, unknown> | undefined);
}

/** Fastify's request serializer for the log, with the URL redacted (otherwise as Fastify's own). */
export function serializeRequest(request: FastifyRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: redactedUrlOf(request),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
