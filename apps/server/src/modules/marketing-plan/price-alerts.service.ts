// Price alerts (issue 17, docs/decisions/058): a user's alert on a local bid (a location's bid for a crop and delivery
// period) or a futures contract, above or below a level. Judged when quotes change (the futures module's
// quotes-changed hook: the feed's ticks and the CSV import, once per change) and by a recurring job for bids whose
// basis changed; one that crosses fires once — an in-app notice, a text and an e-mail as the user's price_alerts
// preference says (decision 055) — and is then 'triggered' until the user saves it again.

import type { FastifyRequest } from 'fastify';
import {
  PRICE_ALERTS_MAX_ACTIVE,
  alertCrossed,
  cropRecord,
  exchangeToday,
  formatPrice,
  priceUnitForCrop,
  type PriceAlert,
  type PriceAlertBody,
  type PriceUnit,
  type PublicBidRow,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { mailContext, sendMail } from '../../platform/mail/send-mail.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import { publicBidRowsByIds } from '../bids/bids.public.ts';
import { findSymbol, latestQuotes } from '../futures/futures.public.ts';
import { linkOrigin } from '../identity/identity.public.ts';
import { createPartnerDirectory } from '../partners/partners.public.ts';
import {
  activeAlerts,
  alertOf,
  alertsOf,
  bidOf,
  bidsByIds,
  countActive,
  deleteAlert,
  expireAlerts,
  insertAlert,
  markTriggered,
  recipientOf,
  updateAlert,
  type AlertRow,
  type NewAlert,
} from './marketing-plan.repo.ts';
import { planCaller, type MarketingDeps } from './marketing-plan.service.ts';

type Bid = NonNullable<Awaited<ReturnType<typeof bidOf>>>;

const marketLabel = (b: Bid) => b.marketDisplayName ?? `${b.marketCity}, ${b.marketState}`;

/** A 400 naming the field, as a schema's refusal does. */
function fieldError(path: string, message: string): AppError {
  return new AppError('invalid_request', `Invalid body: ${path} ${message}`, [{ path, message }]);
}

/** Today's prices of the alerts: futures' last by symbol, bids' cash by bid id (public bids only). */
async function pricesOf(db: Db, alerts: readonly AlertRow[]) {
  const symbols = alerts.filter((a) => a.kind === 'futures' && a.symbol).map((a) => a.symbol!);
  const quotes = await latestQuotes(db, symbols);
  const bids = new Map<number, { bid: Bid; row: PublicBidRow | null }>();
  // The alerts' bids in one query and their public rows in one read, whatever their markets (never a read per alert
  // or per market: a check run judges every active alert).
  const bidIds = [...new Set(alerts.flatMap((a) => (a.kind === 'bid' && a.bidId !== null ? [a.bidId] : [])))];
  const [records, rows] = await Promise.all([bidsByIds(db, bidIds), publicBidRowsByIds(db, bidIds)]);
  for (const bid of records) bids.set(bid.id, { bid, row: rows.get(bid.id) ?? null });
  return {
    priceOf(a: AlertRow): string | null {
      if (a.kind === 'futures') return (a.symbol && quotes.get(a.symbol)?.last) ?? null;
      return (a.bidId !== null && bids.get(a.bidId)?.row?.cashPrice) || null;
    },
    bidOf: (a: AlertRow) => (a.bidId === null ? null : (bids.get(a.bidId) ?? null)),
  };
}

type Prices = Awaited<ReturnType<typeof pricesOf>>;

function unitOf(a: AlertRow, prices: Prices): PriceUnit {
  return prices.bidOf(a)?.row?.priceUnit ?? priceUnitForCrop(a.cropId);
}

function view(a: AlertRow, prices: Prices): PriceAlert {
  const bid = prices.bidOf(a);
  return {
    id: a.id,
    kind: a.kind,
    cropId: a.cropId,
    crop: cropRecord(a.cropId).displayName,
    symbol: a.kind === 'futures' ? a.symbol : (bid?.bid.futuresSymbol ?? null),
    bidId: a.bidId,
    marketId: a.marketId,
    market: bid ? marketLabel(bid.bid) : null,
    bidName: bid?.bid.name ?? null,
    deliveryStart: bid?.bid.deliveryStart ?? null,
    deliveryEnd: bid?.bid.deliveryEnd ?? null,
    direction: a.direction,
    level: a.level,
    priceUnit: unitOf(a, prices),
    status: a.status,
    currentPrice: prices.priceOf(a),
    triggeredAt: a.triggeredAt?.toISOString() ?? null,
    triggeredPrice: a.triggeredPrice,
    expiresOn: a.expiresOn,
    createdAt: a.createdAt.toISOString(),
  };
}

async function viewsOf(db: Db, alerts: AlertRow[]): Promise<PriceAlert[]> {
  const prices = await pricesOf(db, alerts);
  return alerts.map((a) => view(a, prices));
}

/** GET alerts and alerts/:crop: the caller's alerts, newest first. */
export async function listAlerts(deps: MarketingDeps, request: FastifyRequest, cropId?: number) {
  const { farmer } = await planCaller(deps, request);
  const db = deps.ctx.database.db;
  return { alerts: await viewsOf(db, await alertsOf(db, farmer.userId, cropId)) };
}

async function ownAlert(deps: MarketingDeps, userId: string, cropId: number, alertId: number): Promise<AlertRow> {
  const row = await alertOf(deps.ctx.database.db, userId, alertId);
  // Another user's alert, or one of another crop than the path's: not found either way.
  if (!row || row.cropId !== cropId) throw new AppError('not_found');
  return row;
}

/** GET alerts/:crop/:alertId. */
export async function getAlert(deps: MarketingDeps, request: FastifyRequest, cropId: number, alertId: number) {
  const { farmer } = await planCaller(deps, request);
  const [one] = await viewsOf(deps.ctx.database.db, [await ownAlert(deps, farmer.userId, cropId, alertId)]);
  return one!;
}

/** What an alert watches, checked: a futures contract that is quoted, or a public bid of the crop at a farmer's market. */
async function target(
  deps: MarketingDeps,
  request: FastifyRequest,
  caller: Awaited<ReturnType<typeof planCaller>>,
  cropId: number,
  body: PriceAlertBody,
): Promise<Pick<NewAlert, 'kind' | 'symbol' | 'bidId' | 'marketId' | 'partnerId' | 'linkOrigin'>> {
  const db = deps.ctx.database.db;
  const partners = createPartnerDirectory(db);
  const originOf = async (partnerId: string | null) => {
    const partner = partnerId ? await partners.byId(partnerId) : null;
    return partner ? linkOrigin(deps.ctx, request, partner) : null;
  };
  if (body.kind === 'futures') {
    // One of the futures contracts the server knows (futures_symbols), of the path's crop, still trading and quoted:
    // the same months the web's select offers (quotes-symbols-list).
    const listed = await findSymbol(db, body.symbol);
    const crop = cropRecord(cropId).displayName;
    if (!listed) throw fieldError('symbol', `${body.symbol} is not a futures contract we know`);
    if (listed.cropId !== cropId) throw fieldError('symbol', `${body.symbol} is not a ${crop} futures contract`);
    if (listed.lastTradeDay < exchangeToday()) throw fieldError('symbol', `${body.symbol} no longer trades`);
    if (!(await latestQuotes(db, [body.symbol])).get(body.symbol))
      throw fieldError('symbol', `No quotes for the futures contract ${body.symbol}`);
    const partnerId = caller.farmer.clients[0]?.partnerId ?? null;
    return {
      kind: 'futures',
      symbol: body.symbol,
      bidId: null,
      marketId: null,
      partnerId,
      linkOrigin: await originOf(partnerId),
    };
  }
  const bid = await bidOf(db, body.bidId);
  const sellsThere = bid && caller.farmer.clients.some((c) => c.partnerId === bid.partnerId);
  if (!bid || bid.visibility !== 'public' || !sellsThere) throw fieldError('bidId', 'Not a bid of your markets');
  if (bid.cropId !== cropId)
    throw fieldError('bidId', `This bid is for another crop than ${cropRecord(cropId).displayName}`);
  return {
    kind: 'bid',
    symbol: bid.futuresSymbol,
    bidId: bid.id,
    marketId: bid.marketId,
    partnerId: bid.partnerId,
    linkOrigin: await originOf(bid.partnerId),
  };
}

async function checkRoom(db: Db, userId: string): Promise<void> {
  if ((await countActive(db, userId)) >= PRICE_ALERTS_MAX_ACTIVE)
    throw new AppError(
      'invalid_request',
      `You have ${PRICE_ALERTS_MAX_ACTIVE} active alerts, the most there may be. Remove one first.`,
    );
}

/** POST alerts/:crop: a new active alert. */
export async function createAlert(deps: MarketingDeps, request: FastifyRequest, cropId: number, body: PriceAlertBody) {
  const caller = await planCaller(deps, request);
  const db = deps.ctx.database.db;
  await checkRoom(db, caller.farmer.userId);
  const row = await insertAlert(db, {
    userId: caller.farmer.userId,
    enterpriseId: caller.enterprise?.id ?? null,
    cropId,
    ...(await target(deps, request, caller, cropId, body)),
    direction: body.direction,
    level: body.level,
    expiresOn: body.expiresOn ?? null,
  });
  const [one] = await viewsOf(db, [row]);
  return one!;
}

/** PUT alerts/:crop/:alertId: edits the alert and arms it again (active, its last firing cleared). */
export async function editAlert(
  deps: MarketingDeps,
  request: FastifyRequest,
  cropId: number,
  alertId: number,
  body: PriceAlertBody,
) {
  const caller = await planCaller(deps, request);
  const db = deps.ctx.database.db;
  const before = await ownAlert(deps, caller.farmer.userId, cropId, alertId);
  if (before.status !== 'active') await checkRoom(db, caller.farmer.userId);
  const row = await updateAlert(db, caller.farmer.userId, alertId, {
    ...(await target(deps, request, caller, cropId, body)),
    direction: body.direction,
    level: body.level,
    expiresOn: body.expiresOn ?? null,
    status: 'active',
    triggeredAt: null,
    triggeredPrice: null,
    updatedAt: new Date(),
  });
  const [one] = await viewsOf(db, [row!]);
  return one!;
}

/** DELETE alerts/:crop/:alertId. */
export async function removeAlert(deps: MarketingDeps, request: FastifyRequest, cropId: number, alertId: number) {
  const { farmer } = await planCaller(deps, request);
  await ownAlert(deps, farmer.userId, cropId, alertId);
  await deleteAlert(deps.ctx.database.db, farmer.userId, alertId);
}

// ---------------------------------------------------------------------------------------------------
// Judging

function subjectOf(a: AlertRow, prices: Prices): string {
  const crop = cropRecord(a.cropId).displayName;
  const bid = prices.bidOf(a);
  if (a.kind === 'futures') return `${crop} futures ${a.symbol ?? ''}`.trim();
  return bid ? `${crop}, ${bid.bid.name} at ${marketLabel(bid.bid)}` : crop;
}

async function fire(db: Db, a: AlertRow, price: string, prices: Prices, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Judged by another process meanwhile: it fired there.
    if (!(await markTriggered(tx, a.id, price, now))) return false;
    const unit = unitOf(a, prices);
    const subject = subjectOf(a, prices);
    const fmt = (v: string) => formatPrice(v, { unit, showUnit: true });
    await notifyUsers(
      tx,
      [
        {
          userId: a.userId,
          topic: 'price_alerts.triggered',
          title: `Price alert: ${subject} is ${a.direction} ${fmt(a.level)}`,
          body: `${subject} is ${fmt(price)}, ${a.direction} your level of ${fmt(a.level)}.`,
          link: '/profit-center/marketing',
        },
      ],
      now,
    );
    const partner = a.partnerId && a.linkOrigin ? await createPartnerDirectory(tx).byId(a.partnerId) : null;
    const user = partner ? await recipientOf(tx, a.userId) : null;
    if (partner && user && a.linkOrigin) {
      await sendMail(tx, {
        template: 'price_alert',
        data: {
          firstName: user.firstName,
          subject,
          direction: a.direction,
          level: a.level,
          price,
          unit: unit === 'tonne' ? 'tonnes' : 'bushels',
          currency: 'usd',
          notation: partner.priceNotation.price,
        },
        ctx: mailContext(partner, a.linkOrigin),
        recipient: user.email,
        userId: user.id,
      });
    }
    return true;
  });
}

/**
 * Judges the active alerts — those on the futures that moved (and the bids priced off them), or all with `symbols`
 * null — after expiring those past their last day. Each that crossed fires once. Returns the ids that fired.
 */
export async function checkAlerts(
  db: Db,
  symbols: readonly string[] | null,
  now: Date = new Date(),
): Promise<number[]> {
  await expireAlerts(db, now.toISOString().slice(0, 10), now);
  const alerts = await activeAlerts(db, symbols);
  if (alerts.length === 0) return [];
  const prices = await pricesOf(db, alerts);
  const fired: number[] = [];
  for (const a of alerts) {
    const price = prices.priceOf(a);
    if (price === null || !alertCrossed(a.direction, a.level, price)) continue;
    if (await fire(db, a, price, prices, now)) fired.push(a.id);
  }
  return fired;
}
