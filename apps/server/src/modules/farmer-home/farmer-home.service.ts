// The farmer's home (issue 17 'Home', decision 036 addendum): one call that gathers what needs the farmer now from the
// modules that own each thing, through their public files — never a copy of their queries. Each section follows the
// member's access flags (decision 052): the grain items need My Sales Lite's rule and profit center access, the
// payments financial access, the store orders input purchasing; a section the member may not see is null.

import type { FastifyRequest } from 'fastify';
import {
  FARMER_HOME_BID_MARKETS,
  FARMER_HOME_ITEM_LIMIT,
  INPUT_PURCHASING_PERMISSION,
  bidsForCrops,
  cropRecord,
  decimalString,
  findCrop,
  offersNearTarget,
  ordersInProgress,
  toDecimal,
  type FarmerHome,
  type FarmerOffersResponse,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import type { CrmDeps } from '../../platform/crm-access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionState } from '../../platform/sessions.ts';
import { publicBids } from '../bids/bids.public.ts';
import { agronomicsOf } from '../enterprises/enterprises.public.ts';
import { signingLinksOf } from '../esign/esign.public.ts';
import { listNotifications } from '../notifications/notifications.public.ts';
import { farmerOffers } from '../offers/offers.public.ts';
import { farmerRequests } from '../payments/payments.public.ts';
import { lacksAccessEverywhere, loadFarmer } from '../profit-center/profit-center.public.ts';
import { unsettledLinesPage } from '../settlements/settlements.public.ts';
import { buyerOf, orderHistory } from '../store-orders/store-orders.public.ts';

export type FarmerHomeDeps = CrmDeps;

type Farmer = Awaited<ReturnType<typeof loadFarmer>>;

/** A refusal that hides a section (no experience, flag or access) rather than failing the whole home. */
function isRefusal(err: unknown): boolean {
  return err instanceof AppError && (err.code === 'forbidden' || err.code === 'enterprise_access_required');
}

async function unlessRefused<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (err) {
    if (isRefusal(err)) return null;
    throw err;
  }
}

const LIMIT = FARMER_HOME_ITEM_LIMIT;

/** Applied ticket lines not yet on a settlement, oldest delivery first (waiting longest): a page and the total. */
async function unsettledOf(db: Db, farmer: Farmer): Promise<NonNullable<FarmerHome['unsettled']>> {
  const { rows: lines, total } = await unsettledLinesPage(db, farmer.clients, LIMIT);
  return {
    total,
    rows: lines.map((l) => ({
      ticketApplicationId: l.ticketApplicationId,
      scaleTicketId: l.scaleTicketId,
      displayScaleTicketId: l.displayScaleTicketId,
      contractId: l.contractId,
      displayContractId: l.displayContractId,
      deliveryDate: l.deliveryDate,
      cropName: cropRecord(l.cropId).displayName,
      cropYear: l.cropYear,
      bushels: decimalString(toDecimal(l.bushels)),
    })),
  };
}

/** The crops the farm businesses grow (their names as the trade writes them): each one's latest year in its agronomics. */
async function cropsGrown(db: Db, farmer: Farmer): Promise<string[]> {
  const enterpriseIds = [...new Set(farmer.clients.flatMap((c) => (c.enterpriseId === null ? [] : [c.enterpriseId])))];
  const crops = new Set<string>();
  for (const rows of await Promise.all(enterpriseIds.map((id) => agronomicsOf(db, id)))) {
    const latest = rows[0]?.cropYear;
    for (const r of rows) if (r.cropYear === latest) crops.add(findCrop(r.crop)?.displayName ?? r.crop);
  }
  return [...crops].sort();
}

/** The bids of the crops grown at the farmer's first markets (those My Sales Lite's bids page lists). */
async function bidsOf(db: Db, farmer: Farmer, offers: FarmerOffersResponse): Promise<NonNullable<FarmerHome['bids']>> {
  const crops = await cropsGrown(db, farmer);
  const partnerIds = [...new Set(farmer.clients.map((c) => c.partnerId))];
  const markets = offers.markets.slice(0, FARMER_HOME_BID_MARKETS);
  const rows = await Promise.all(
    markets.map(async (m) => {
      // A market belongs to one partner: the others' reads are empty.
      const reads = await Promise.all(partnerIds.map((partnerId) => publicBids(db, { partnerId, marketId: m.id })));
      return bidsForCrops(
        reads.flatMap((r) => r.rows),
        crops,
      );
    }),
  );
  return { crops, markets: markets.map((m, i) => ({ id: m.id, slug: m.slug, name: m.name, rows: rows[i] ?? [] })) };
}

async function grainOf(deps: FarmerHomeDeps, request: FastifyRequest, farmer: Farmer) {
  const db = deps.ctx.database.db;
  const enterpriseIds = [...new Set(farmer.clients.flatMap((c) => (c.enterpriseId === null ? [] : [c.enterpriseId])))];
  const [signing, offers, unsettled] = await Promise.all([
    signingLinksOf(db, enterpriseIds),
    farmerOffers(deps, request),
    unsettledOf(db, farmer),
  ]);
  const near = offersNearTarget(offers.offers).slice(0, LIMIT);
  const marketIds = new Set(near.map((o) => o.marketId));
  return {
    toSign: signing.rows.slice(0, LIMIT),
    offers: { markets: offers.markets.filter((m) => marketIds.has(m.id)), rows: near },
    unsettled,
    bids: await bidsOf(db, farmer, offers),
  };
}

async function ordersOf(db: Db, session: SessionState): Promise<FarmerHome['orders']> {
  if (await lacksAccessEverywhere(db, session.user.id, INPUT_PURCHASING_PERMISSION)) return null;
  const buyer = await buyerOf(db, session.user.id, session.session.currentEnterpriseId ?? null, undefined);
  const history = await orderHistory(db, buyer, { pageSize: 50 });
  return ordersInProgress(history.orders).slice(0, LIMIT);
}

/** GET profit-center/home: the farmer's home in one answer. 401 without a session; 403 for a user who is no farmer. */
export async function farmerHome(deps: FarmerHomeDeps, request: FastifyRequest): Promise<FarmerHome> {
  const session = await requireSession(deps.ctx, request);
  if (session.user.experiences?.enterprise_agronomics !== true)
    throw new AppError('forbidden', "The farmer's home needs the agronomics experience.");
  const db = deps.ctx.database.db;
  const [grain, payments, orders, notifications] = await Promise.all([
    unlessRefused(async () => grainOf(deps, request, await loadFarmer(deps, request))),
    unlessRefused(async () => {
      const list = await farmerRequests(deps, request, { pageSize: '25', sent: 'true' });
      return list.paymentRequests.filter((r) => r.payment !== null).slice(0, LIMIT);
    }),
    ordersOf(db, session),
    listNotifications(db, session, {}),
  ]);
  return {
    toSign: grain?.toSign ?? null,
    offers: grain?.offers ?? null,
    unsettled: grain?.unsettled ?? null,
    bids: grain?.bids ?? null,
    payments,
    orders,
    notifications: { unread: notifications.unread, rows: notifications.notifications.slice(0, LIMIT) },
  };
}
