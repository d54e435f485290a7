// The live-event streams (server-sent events): GET /api/events for signed-in users (the topics they may
// follow) and GET /api/public/events for a market's public page (its bids and the quotes). Each stream
// sends a `retry:` hint, one `data:` line of JSON per event with its `id:`, a comment line every 15 s,
// and is cleaned up when the browser goes away or the server closes. A process serves a bounded number of
// streams (503 with Retry-After beyond it). Topics: docs/api/live-events.md.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LIVE_EVENTS_PATH,
  LIVE_HEARTBEAT_MS,
  LIVE_MAX_TOPICS,
  LIVE_RETRY_MS,
  PUBLIC_LIVE_EVENTS_PATH,
  QUOTES_TOPIC,
  apiErrorSchema,
  bidsMarketTopic,
  canUseMySalesLite,
  parseLiveTopic,
  type LiveEvent,
  type LiveTopic,
} from '@granary/domain';
import type { AppContext } from './context.ts';
import { requireSession } from './access.ts';
import { AppError } from './errors.ts';
import { closeEvents, subscribe } from './events.ts';
import type { Db } from './db.ts';
import type { PartnerDirectory } from './partner-directory.ts';
import { clientsOfPartner, marketIdBySlug, partnersOfMarkets } from './events.repo.ts';
import { loadCrmActor } from './crm-access.ts';

export type EventsRoutesOptions = {
  ctx: AppContext;
  partners: PartnerDirectory;
  /**
   * The clients a farmer sells as (My Sales Lite), whose offers and partners' bids they may follow: the
   * profit-center module's farmerClients, handed in by app.ts (platform builds on no module).
   */
  farmerClients: (db: Db, userId: string) => Promise<{ id: number; partnerId: string }[]>;
  /** Streams one process serves at most (default 500). */
  maxConnections?: number;
  /** Heartbeat comment interval (default 15 s; tests shorten it). */
  heartbeatMs?: number;
};

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  503: apiErrorSchema,
} as const;

/** 'quotes,bids:market:12' → the distinct topics, each parsed; 400 for an unknown one or too many. */
function parseTopicList(value: string): { topics: string[]; parsed: LiveTopic[] } {
  const topics = [
    ...new Set(
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
  if (topics.length === 0) throw new AppError('invalid_request', 'Name at least one topic.');
  if (topics.length > LIVE_MAX_TOPICS) throw new AppError('invalid_request', `At most ${LIVE_MAX_TOPICS} topics.`);
  const parsed = topics.map((t) => {
    const p = parseLiveTopic(t);
    if (!p) throw new AppError('invalid_request', `Unknown topic ${t.slice(0, 60)}.`);
    return p;
  });
  return { topics, parsed };
}

/**
 * Whether the request's user may follow each topic: 'quotes' any session; 'cart:user:<id>' that user only; a buyer their partner's markets and
 * clients; a farmer (My Sales Lite) their own clients' offers and the bids of the markets of the partners they
 * sell to. 403 naming the first refused topic.
 */
async function authorizeTopics(
  opts: EventsRoutesOptions,
  request: FastifyRequest,
  topics: string[],
  parsed: LiveTopic[],
): Promise<void> {
  const { ctx } = opts;
  const { user } = await requireSession(ctx, request);
  // A cart topic is its user's alone (whatever their role): checked before anything else is looked up.
  // So is a user's notifications topic.
  const own = (p: LiveTopic) => p.kind === 'cart-user' || p.kind === 'notifications-user';
  parsed.forEach((p, i) => {
    if (own(p) && 'userId' in p && p.userId !== user.id.toLowerCase())
      throw new AppError('forbidden', `You may not follow ${topics[i]}.`);
  });
  if (parsed.every((p) => p.kind === 'quotes' || own(p))) return;
  const db = ctx.database.db;
  const isBuyer = user.experiences?.grain_buying === true && user.partnerId !== null;
  const buyer = isBuyer ? await loadCrmActor(opts, request).catch(() => null) : null;
  const farmer = canUseMySalesLite(user) ? await opts.farmerClients(db, user.id) : [];
  const farmerClientIds = new Set(farmer.map((c) => c.id));
  const farmerPartners = [...new Set(farmer.map((c) => c.partnerId))];

  const marketIds = parsed.flatMap((p) => (p.kind === 'bids-market' || p.kind === 'offers-market' ? [p.marketId] : []));
  const marketPartner = await partnersOfMarkets(db, marketIds);
  const clientIds = parsed.flatMap((p) => (p.kind === 'offers-client' ? [p.clientId] : []));
  const buyerClients = buyer ? await clientsOfPartner(db, buyer.partner.id, clientIds) : new Set<number>();

  parsed.forEach((p, i) => {
    let ok = false;
    switch (p.kind) {
      case 'quotes':
      case 'cart-user':
      case 'notifications-user':
        ok = true;
        break;
      case 'bids-market': {
        const partnerId = marketPartner.get(p.marketId);
        ok = partnerId !== undefined && (buyer?.partner.id === partnerId || farmerPartners.includes(partnerId));
        break;
      }
      case 'offers-market':
        ok = buyer !== null && marketPartner.get(p.marketId) === buyer.partner.id;
        break;
      case 'offers-client':
        ok = buyerClients.has(p.clientId) || farmerClientIds.has(p.clientId);
        break;
    }
    if (!ok) throw new AppError('forbidden', `You may not follow ${topics[i]}.`);
  });
}

type Stream = { close(): void };

/** The plugin's streams and their count (bounded per process). */
function streamRegistry(max: number) {
  const open = new Set<Stream>();
  return {
    open,
    reserve(reply: FastifyReply): void {
      if (open.size >= max) {
        void reply.header('retry-after', '10');
        throw new AppError('unavailable', 'Too many live connections on this server. Try again in a moment.');
      }
    },
  };
}

export const eventsRoutes: FastifyPluginAsyncZod<EventsRoutesOptions> = async (app, opts) => {
  const { ctx } = opts;
  const heartbeatMs = opts.heartbeatMs ?? LIVE_HEARTBEAT_MS;
  const registry = streamRegistry(opts.maxConnections ?? 500);

  // Open streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => {
    for (const s of [...registry.open]) s.close();
    await closeEvents(ctx.database);
  });

  async function stream(request: FastifyRequest, reply: FastifyReply, topics: Set<string>): Promise<void> {
    registry.reserve(reply);
    const raw = reply.raw;
    let closed = false;
    let unsubscribe: (() => void) | null = null;
    let heartbeat: NodeJS.Timeout | null = null;
    const s: Stream = {
      close() {
        if (closed) return;
        closed = true;
        registry.open.delete(s);
        unsubscribe?.();
        if (heartbeat) clearInterval(heartbeat);
        if (!raw.writableEnded) raw.end();
      },
    };
    registry.open.add(s);
    const write = (chunk: string) => {
      if (closed) return;
      raw.write(chunk);
      // A reader that does not keep up (over 1 MiB waiting) is dropped; its EventSource reconnects.
      if (raw.writableLength > 1_048_576) s.close();
    };
    const onEvent = (event: LiveEvent) => {
      if (topics.has(event.topic)) write(`id: ${event.id}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    try {
      unsubscribe = await subscribe(ctx.database, onEvent);
    } catch (err) {
      s.close();
      request.log.error({ err }, 'live events: could not listen');
      throw new AppError('unavailable');
    }
    reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    for (const [k, v] of Object.entries(reply.getHeaders()))
      if (v !== undefined) headers[k] = v as string | number | string[];
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${LIVE_RETRY_MS}\n: connected ${[...topics].join(',')}\n\n`);
    heartbeat = setInterval(() => write(`: heartbeat ${new Date().toISOString()}\n\n`), heartbeatMs);
    heartbeat.unref();
    request.raw.on('close', () => s.close());
    raw.on('error', () => s.close());
  }

  app.get(
    LIVE_EVENTS_PATH,
    {
      config: { access: 'session' },
      schema: { querystring: z.object({ topics: z.string().max(2000) }), response: errors },
    },
    async (request, reply) => {
      const { topics, parsed } = parseTopicList(request.query.topics);
      await authorizeTopics(opts, request, topics, parsed);
      await stream(request, reply, new Set(topics));
      return reply;
    },
  );

  app.get(
    PUBLIC_LIVE_EVENTS_PATH,
    {
      config: { access: 'public' },
      schema: { querystring: z.object({ market: z.string().min(1).max(100) }), response: errors },
    },
    async (request, reply) => {
      const partner = await opts.partners.byHost(request.headers.host);
      const marketId = await marketIdBySlug(ctx.database.db, partner.id, request.query.market);
      if (marketId === null) throw new AppError('not_found', `No market ${request.query.market}.`);
      await stream(request, reply, new Set([bidsMarketTopic(marketId), QUOTES_TOPIC]));
      return reply;
    },
  );
};
