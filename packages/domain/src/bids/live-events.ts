// Live events (server-sent events): the topic names, the event envelope and the payload shapes the server
// publishes and the web reads. docs/api/live-events.md describes them for the modules that publish.

export const LIVE_EVENTS_PATH = '/api/events';
export const PUBLIC_LIVE_EVENTS_PATH = '/api/public/events';
/** A comment line keeps the stream (and proxies) awake this often. */
export const LIVE_HEARTBEAT_MS = 15_000;
/** The `retry:` hint: how long a browser's EventSource waits before reconnecting. */
export const LIVE_RETRY_MS = 3_000;
/** A NOTIFY payload must stay under PostgreSQL's 8000 bytes: a bigger event goes out with `truncated` and no payload. */
export const LIVE_EVENT_MAX_BYTES = 8000;
/** At most this many topics in one stream. */
export const LIVE_MAX_TOPICS = 20;

export const QUOTES_TOPIC = 'quotes';

export type LiveTopic =
  | { kind: 'quotes' }
  | { kind: 'bids-market'; marketId: number }
  | { kind: 'offers-market'; marketId: number }
  | { kind: 'offers-client'; clientId: number }
  | { kind: 'cart-user'; userId: string }
  | { kind: 'notifications-user'; userId: string };

export const bidsMarketTopic = (marketId: number): string => `bids:market:${marketId}`;
export const offersMarketTopic = (marketId: number): string => `offers:market:${marketId}`;
export const offersClientTopic = (clientId: number): string => `offers:client:${clientId}`;
/** A signed-in user's store cart: only that user may follow it. */
export const cartUserTopic = (userId: string): string => `cart:user:${userId.toLowerCase()}`;

/**
 * 'quotes', 'bids:market:12', 'offers:market:12', 'offers:client:7', 'cart:user:<uuid>', 'notifications:user:<uuid>' →
 * its parts; null for anything else.
 */
export function parseLiveTopic(topic: string): LiveTopic | null {
  if (topic === QUOTES_TOPIC) return { kind: 'quotes' };
  const cart = /^cart:user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(topic);
  if (cart) return { kind: 'cart-user', userId: cart[1]! };
  const notices = /^notifications:user:([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(topic);
  if (notices) return { kind: 'notifications-user', userId: notices[1]! };
  const m = /^(bids|offers):(market|client):([1-9]\d{0,14})$/.exec(topic);
  if (!m) return null;
  const id = Number(m[3]);
  if (m[1] === 'bids' && m[2] === 'market') return { kind: 'bids-market', marketId: id };
  if (m[1] === 'offers' && m[2] === 'market') return { kind: 'offers-market', marketId: id };
  if (m[1] === 'offers' && m[2] === 'client') return { kind: 'offers-client', clientId: id };
  return null;
}

/** What every SSE `data:` line holds (the SSE `id:` is the same id). */
export type LiveEvent<P = unknown> = {
  id: string;
  topic: string;
  /** ISO time it was published. */
  at: string;
  /** null when `truncated`: the payload was too big for a notification; the reader fetches what it needs. */
  payload: P | null;
  truncated?: true;
};

/** One changed quote in a 'quotes' event. */
export type LiveQuote = {
  symbol: string;
  last: string;
  /** last − previousSettle; null without a settlement. */
  change: string | null;
  previousSettle: string | null;
  tradeDate: string;
  quotedAt: string;
  version: number;
};

/** 'quotes': quotes that changed (a feed tick, a settlement, an import). */
export type QuotesEventPayload = { source: 'simulated' | 'import' | 'provider'; quotes: LiveQuote[] };

/** 'bids:market:<id>': bids of a market changed; readers refetch the bids named (ids only: the public stream carries it too). */
export type BidsEventPayload = {
  marketId: number;
  action: 'created' | 'updated' | 'deleted' | 'restored' | 'basis_moved';
  instrumentIds: number[];
};

/**
 * 'cart:user:<userId>': the user's cart was written (a cart change, a checkout write, the order placed, a guest cart
 * merged in) — on any device. Readers holding a lower serial of that cart (or another cart) read it again.
 */
export type CartEventPayload = {
  cartId: string;
  serial: number;
  status: 'open' | 'checked_out' | 'merged' | 'abandoned';
};

/** 'offers:market:<id>' and 'offers:client:<id>': offers changed state. */
export type OffersEventPayload = {
  marketId: number;
  clientId: number;
  offerIds: number[];
  /** The new status when one transition moved them all. */
  status?: string;
  action: string;
};
