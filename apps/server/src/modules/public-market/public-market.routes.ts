import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PUBLIC_PAGE_DATA_ELEMENT_ID,
  publicMarketPageSchema,
  type PublicPageData,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { PartnerDirectory } from '../../platform/partner-directory.ts';
import { buildPublicMarketPage, publicPartnerHeader } from './public-market.service.ts';
import { escapeHtml } from '../../platform/html.ts';

type Options = { ctx: AppContext; partners: PartnerDirectory };

/**
 * Anyone may read the page (no session, no cookies read), and it changes with each price tick: a short shared
 * cache, per host (the partner is chosen by the Host header).
 */
const CACHE_CONTROL = 'public, max-age=15, stale-while-revalidate=30';

const marketNameSchema = z.string().min(1).max(200);

/** The public market page's JSON (grain-marketing.md 2 /market/:marketName?): bids, hours, contacts, news. */
export const publicMarketRoutes: FastifyPluginAsyncZod<Options> = async (app, { ctx, partners }) => {
  app.get(
    '/api/public/market/:marketName?',
    {
      config: { access: 'public' },
      schema: {
        params: z.object({ marketName: marketNameSchema.optional() }),
        response: { 200: publicMarketPageSchema },
      },
    },
    async (request, reply) => {
      const partner = await partners.byHost(request.headers.host);
      const page = await buildPublicMarketPage(ctx.database.db, partner, request.params.marketName || undefined);
      reply.header('Cache-Control', CACHE_CONTROL).header('Vary', 'Host');
      return page;
    },
  );
};

/** JSON safe inside a <script> element: no '<' (so no '</script>' or '<!--'), and no line separators JS chokes on. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const PAGE_HEAD =
  '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="theme-color" content="#ffffff"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title></title>';

type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
/** The key of the public entry in the web build's .vite/manifest.json (apps/web/vite.config.ts input 'market'). */
const PUBLIC_ENTRY_KEY = 'src/public-entry.tsx';

/**
 * The light page's HTML from the build manifest: the entry script, a modulepreload for each chunk it imports (so
 * they load in parallel, not one after the other), and every stylesheet of those chunks. Without a build (API
 * tests, a server started before `npm run build`) a page with the data and no script.
 */
function publicPageTemplate(manifest: Record<string, ManifestChunk> | null): string {
  const entry = manifest?.[PUBLIC_ENTRY_KEY];
  if (!manifest || !entry)
    return `<!doctype html><html lang="en"><head>${PAGE_HEAD}</head><body style="margin:0"><div id="root"></div></body></html>`;
  const preloads: string[] = [];
  const css: string[] = [...(entry.css ?? [])];
  const seen = new Set<string>();
  const walk = (keys: string[] | undefined) => {
    for (const key of keys ?? []) {
      const chunk = manifest[key];
      if (!chunk || seen.has(key)) continue;
      seen.add(key);
      preloads.push(chunk.file);
      css.push(...(chunk.css ?? []));
      walk(chunk.imports);
    }
  };
  walk(entry.imports);
  const head = [
    PAGE_HEAD,
    ...[...new Set(css)].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<script type="module" crossorigin src="/${entry.file}"></script>`,
    ...preloads.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
  return `<!doctype html><html lang="en"><head>${head}</head><body style="margin:0"><div id="root"></div></body></html>`;
}

/** The built light page with the data and title filled in. */
function renderPublicPageHtml(template: string, data: PublicPageData, title: string): string {
  const script = `<script id="${PUBLIC_PAGE_DATA_ELEMENT_ID}" type="application/json">${jsonForScript(data)}</script>`;
  const partner = data.view === 'market' ? data.page.partner : data.partner;
  const lang = data.view === 'market' ? data.page.locale : 'en';
  return template
    .replace('<html lang="en">', `<html lang="${escapeHtml(lang)}">`)
    .replace(
      '<meta name="theme-color" content="#ffffff">',
      `<meta name="theme-color" content="${escapeHtml(partner.theme.primary)}">`,
    )
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root"></div>${script}`);
}

export type PublicPageRenderer = (
  request: FastifyRequest,
  reply: FastifyReply,
  routeId: 'market' | 'score',
  params: Record<string, string | undefined>,
) => Promise<FastifyReply>;

/**
 * The HTML of /market/:marketName? and /score on a full page load: the light entry (src/public-entry.tsx, React
 * without the app shell) with the page's data inlined, so bids show with no API call and no session. /score answers the
 * not-found view (404) unless the partner offers public-ci-score; an unknown, unpublished or other partner's
 * market too.
 */
export function createPublicPageRenderer(ctx: AppContext, partners: PartnerDirectory): PublicPageRenderer {
  // The template is rebuilt when a new build replaces the manifest, so a running server never points at chunks
  // that are gone.
  const file = ctx.webDist ? join(ctx.webDist, '.vite', 'manifest.json') : null;
  let cached: { mtimeMs: number; html: string } | null = null;
  const template = (): string => {
    if (!file || !existsSync(file)) return publicPageTemplate(null);
    const { mtimeMs } = statSync(file);
    if (!cached || cached.mtimeMs !== mtimeMs) {
      cached = {
        mtimeMs,
        html: publicPageTemplate(JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>),
      };
    }
    return cached.html;
  };
  const send = (reply: FastifyReply, status: number, data: PublicPageData, title: string, cache: string) =>
    reply
      .status(status)
      .header('Cache-Control', cache)
      .header('Vary', 'Host')
      .type('text/html; charset=utf-8')
      .send(renderPublicPageHtml(template(), data, title));
  const notFound = (reply: FastifyReply, partner: WhiteLabelPartner) =>
    send(
      reply,
      404,
      { view: 'not-found', partner: publicPartnerHeader(partner) },
      partner.publicHeader.title,
      'no-cache',
    );

  return async (request, reply, routeId, params) => {
    const partner = await partners.byHost(request.headers.host);
    const title = partner.publicHeader.title;
    if (routeId === 'score') {
      if (!partner.publicPageFeatures.includes('public-ci-score')) return notFound(reply, partner);
      return send(reply, 200, { view: 'score', partner: publicPartnerHeader(partner) }, title, 'public, max-age=300');
    }
    const marketName = params['marketName'];
    if (marketName !== undefined && !marketNameSchema.safeParse(marketName).success) return notFound(reply, partner);
    try {
      const page = await buildPublicMarketPage(ctx.database.db, partner, marketName);
      return send(
        reply,
        200,
        { view: 'market', page },
        page.market ? `${page.market.label} · ${title}` : title,
        CACHE_CONTROL,
      );
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return notFound(reply, partner);
      throw error;
    }
  };
}
