import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import {
  FLASH_COOKIES,
  NOT_FOUND_MESSAGE,
  homeTarget,
  matchRoute,
  resolveRedirect,
  splitLocalePrefix,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { getSession } from '../../platform/access.ts';
import { isDevToolsRequest } from '../../platform/request-rules.ts';
import type { PublicPageRenderer } from '../public-market/public-market.public.ts';
import { escapeHtml } from '../../platform/html.ts';

/** publicPages: the light public pages (/market, /score), served from their own entry with their data inlined. */
type Options = { ctx: AppContext; publicPages?: PublicPageRenderer };

const ROOT_MARKUP = '<div id="root"></div>';

/** index.html, with a readable message inside the root element for non-JS clients (React replaces it). */
function renderIndex(indexHtml: string | null, message: string | null): string {
  const inner = message ? `<main style="font-family:sans-serif;padding:2rem"><p>${escapeHtml(message)}</p></main>` : '';
  if (!indexHtml) {
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not built</title></head><body>${inner || '<p>The web app has not been built yet: run <code>npm run build</code>.</p>'}</body></html>`;
  }
  return message ? indexHtml.replace(ROOT_MARKUP, `<div id="root">${inner}</div>`) : indexHtml;
}

/** The status an /error/:code page answers with: the code when it is an HTTP error status, else 404. */
export function errorPageStatus(code: string | undefined): number {
  const n = Number(code);
  return Number.isInteger(n) && n >= 400 && n <= 599 ? n : 404;
}

/**
 * Everything outside /api is the web app: files of the build, server-side redirects of the route table
 * (so /login answers 302 even without JavaScript), and index.html with the right status — 404 when no route
 * of the table matches, the code itself on /error/:code.
 */
export const pagesRoutes: FastifyPluginAsync<Options> = async (app, { ctx, publicPages }) => {
  const dist = ctx.webDist;
  const indexPath = dist ? join(dist, 'index.html') : null;
  // index.html is re-read when a new build replaces it, so a running server never serves a page whose
  // hashed chunks are gone.
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    if (!indexPath || !existsSync(indexPath)) return null;
    const { mtimeMs } = statSync(indexPath);
    if (!cached || cached.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
    return cached.html;
  };
  if (dist && existsSync(dist)) {
    // The build writes .br/.gz beside its text assets (vite.config precompress): sent to browsers that accept them.
    await app.register(fastifyStatic, { root: dist, serve: false, preCompressed: true });
  }

  const sendPage = (reply: FastifyReply, status: number, message: string | null) =>
    reply
      .status(status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndex(indexHtml(), message));

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const [rawPath = '/', rawSearch] = request.url.split('?', 2);
    const search = rawSearch !== undefined ? `?${rawSearch}` : '';
    if (rawPath === '/api' || rawPath.startsWith('/api/')) throw new AppError('not_found', 'No such API call.');

    let pathname: string;
    try {
      pathname = decodeURIComponent(rawPath);
    } catch {
      return sendPage(reply, 404, NOT_FOUND_MESSAGE);
    }
    if (pathname.includes('\0')) return sendPage(reply, 404, NOT_FOUND_MESSAGE);

    // A file of the build (assets are content-hashed, so they can be cached for good).
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    // Source maps hold the whole web app's sources: never served in production (kept on disk for error reporting).
    if (ctx.env.NODE_ENV === 'production' && pathname.endsWith('.map')) return sendPage(reply, 404, NOT_FOUND_MESSAGE);
    if (dist && last.includes('.') && pathname !== '/index.html') {
      const file = normalize(join(dist, pathname));
      if (file.startsWith(dist + sep) && existsSync(file) && statSync(file).isFile()) {
        const immutable = pathname.startsWith('/assets/');
        return reply
          .sendFile(pathname.slice(1), {
            cacheControl: false,
          })
          .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      }
    }

    const { locale, barePath } = splitLocalePrefix(pathname);
    const prefix = locale ? `/${locale}` : '';
    if (barePath === '/') {
      const session = await getSession(ctx, request);
      return reply.redirect(`${prefix}${homeTarget(session !== null)}${search}`, 302);
    }
    const redirect = resolveRedirect(barePath);
    if (redirect) return reply.redirect(`${prefix}${redirect}${search}`, 302);

    const match = matchRoute(pathname);
    if (!match) return sendPage(reply, 404, NOT_FOUND_MESSAGE);
    if (match.route.id === 'error') return sendPage(reply, errorPageStatus(match.params.code), null);
    // The dev mailbox page exists only for a developer at this machine (like its API).
    if (match.route.id === 'dev-mailbox' && !isDevToolsRequest(ctx, request))
      return sendPage(reply, 404, NOT_FOUND_MESSAGE);
    // The public pages are a light entry without the app shell; a flash alert waiting in the cookies (e.g. after
    // an e-mail verification redirected a logged-out visitor home → /market) needs the shell to show it, so that
    // load gets the app, which renders the same page in its frame.
    const flashWaiting = request.cookies[FLASH_COOKIES.message] !== undefined;
    if (publicPages && !flashWaiting && (match.route.id === 'market' || match.route.id === 'score')) {
      return publicPages(request, reply, match.route.id, match.params);
    }
    return sendPage(reply, 200, null);
  });
};
