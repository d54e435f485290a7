import type { FastifyRequest } from 'fastify';
import type { WhiteLabelPartner } from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { hostName } from '../partners/partners.public.ts';

/**
 * The origin for links that go out by e-mail or SMS. Never taken blindly from the Host header (an
 * attacker could otherwise have a victim's reset link point at their own host): the request's host is
 * used only when it is the partner's own vhost or the local machine; otherwise PUBLIC_URL.
 */
export function linkOrigin(ctx: AppContext, request: FastifyRequest, partner: WhiteLabelPartner): string {
  const host = request.headers.host ?? '';
  const name = hostName(host);
  const trusted =
    name === 'localhost' || name === '127.0.0.1' || (partner.vhost !== null && partner.vhost.toLowerCase() === name);
  if (trusted && /^[a-z0-9.:[\]-]+$/i.test(host)) return `${request.protocol}://${host}`;
  return ctx.env.PUBLIC_URL ?? `http://localhost:${ctx.env.PORT}`;
}

/**
 * The origin for links e-mailed with no request at hand (a background job such as the offers' price watcher):
 * the partner's own vhost (https in production; this server's port elsewhere, e.g. http://prairie.localhost:3000),
 * else PUBLIC_URL, else this server on localhost.
 */
export function backgroundLinkOrigin(
  env: Pick<AppContext['env'], 'PUBLIC_URL' | 'PORT' | 'NODE_ENV'>,
  vhost: string | null,
): string {
  if (vhost) return env.NODE_ENV === 'production' ? `https://${vhost}` : `http://${vhost}:${env.PORT}`;
  return env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
}
