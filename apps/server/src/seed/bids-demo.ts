// Demo cash bids (issue 5): every demo market bids corn, soybeans and wheat — and canola on the Canadian
// prairies, per tonne — for spot, the next months and the new crop, off listed futures months, with the
// bases an elevator there would post (corn −0.20 to −0.55 $/bu in Iowa, canola −20 to −40 $/t). A few
// bids have caps with some already contracted, one per partner is private, one is deleted.

import { asc } from 'drizzle-orm';
import {
  CROP_IDS,
  addDays,
  cropYearOfDelivery,
  defaultInstrumentName,
  futuresProductForCrop,
  listedContracts,
  quantityUnitForCrop,
  toDecimal,
} from '@granary/domain';
import type { Db } from '../platform/db.ts';
import { instruments, markets } from '../db/schema/index.ts';

export type BidsSeedOptions = { today: string };

type CropPlan = {
  cropId: number;
  /** Spot basis at the first market, dollars of the price unit. */
  spotBasis: string;
  /** Basis change per month out (a carry: deferred deliveries a little stronger). */
  monthStep: string;
  /** New-crop basis. */
  newCropBasis: string;
  /** Harvest delivery window of the new crop: months (1–12) it starts and ends. */
  harvest: [number, number];
  nextMonths: number;
};

const US_PLANS: CropPlan[] = [
  {
    cropId: CROP_IDS.corn,
    spotBasis: '-0.4200',
    monthStep: '0.0400',
    newCropBasis: '-0.5200',
    harvest: [10, 11],
    nextMonths: 3,
  },
  {
    cropId: CROP_IDS.soybeans,
    spotBasis: '-0.8500',
    monthStep: '0.0500',
    newCropBasis: '-0.9500',
    harvest: [10, 11],
    nextMonths: 2,
  },
  {
    cropId: CROP_IDS.wheat,
    spotBasis: '-0.6500',
    monthStep: '0.0300',
    newCropBasis: '-0.7500',
    harvest: [7, 7],
    nextMonths: 2,
  },
];

const CANADA_PLANS: CropPlan[] = [
  {
    cropId: CROP_IDS.canola,
    spotBasis: '-30.00',
    monthStep: '1.50',
    newCropBasis: '-36.00',
    harvest: [9, 10],
    nextMonths: 3,
  },
  ...US_PLANS.map((p) => ({
    ...p,
    spotBasis: toDecimal(p.spotBasis).minus('0.15').toFixed(4),
    newCropBasis: toDecimal(p.newCropBasis).minus('0.10').toFixed(4),
  })),
];

function monthStart(iso: string, plus: number): string {
  const y = Number(iso.slice(0, 4));
  const m = Number(iso.slice(5, 7)) - 1 + plus;
  return `${y + Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, '0')}-01`;
}

function monthEnd(iso: string): string {
  return addDays(monthStart(iso, 1), -1);
}

type NewBid = typeof instruments.$inferInsert;

export async function seedBidsDemo(db: Db, options: BidsSeedOptions): Promise<void> {
  const { today } = options;
  const rows = await db
    .select({ id: markets.id, partnerId: markets.partnerId, countryCode: markets.countryCode })
    .from(markets)
    .orderBy(asc(markets.id));
  const values: NewBid[] = [];
  const privateDone = new Set<string>();
  let deletedDone = false;
  rows.forEach((market, marketIndex) => {
    const plans = market.countryCode === 'CAN' ? CANADA_PLANS : US_PLANS;
    // Each market a few cents apart, as neighbouring elevators are.
    const shift = toDecimal(((marketIndex * 7) % 5) - 2).times('0.03');
    for (const plan of plans) {
      const product = futuresProductForCrop(plan.cropId);
      if (!product) continue;
      const listed = listedContracts(product, today, 8);
      const unitShift = product.priceUnit === 'tonne' ? shift.times(50) : shift;
      const symbolFor = (start: string, end: string) =>
        listed.find((c) => c.optionMonth >= end.slice(0, 7) && c.lastTradeDay >= start)?.symbol ?? null;
      const periods: { name: string; start: string; end: string; basis: string; cap?: string; contracted?: string }[] =
        [];
      periods.push({
        name: 'Spot',
        start: today,
        end: monthEnd(today),
        basis: toDecimal(plan.spotBasis).plus(unitShift).toFixed(4),
      });
      for (let i = 1; i <= plan.nextMonths; i++) {
        const start = monthStart(today, i);
        const end = monthEnd(start);
        periods.push({
          name: defaultInstrumentName(start, end),
          start,
          end,
          basis: toDecimal(plan.spotBasis).plus(unitShift).plus(toDecimal(plan.monthStep).times(i)).toFixed(4),
        });
      }
      // New crop: the next harvest window that starts after the listed months above.
      const y = Number(today.slice(0, 4)) + 1;
      const start = `${y}-${String(plan.harvest[0]).padStart(2, '0')}-01`;
      const end = monthEnd(`${y}-${String(plan.harvest[1]).padStart(2, '0')}-01`);
      const unit = quantityUnitForCrop(plan.cropId);
      periods.push({
        name: `Harvest ${y}`,
        start,
        end,
        basis: toDecimal(plan.newCropBasis).plus(unitShift).toFixed(4),
        // New-crop bids are capped: the elevator's storage and its sales against them.
        cap: unit === 'tonnes' ? '5000' : '250000',
        contracted: unit === 'tonnes' ? '1240' : toDecimal(40000 + marketIndex * 15000).toFixed(0),
      });
      for (const p of periods) {
        const symbol = symbolFor(p.start, p.end);
        if (!symbol) continue;
        values.push({
          partnerId: market.partnerId,
          marketId: market.id,
          cropId: plan.cropId,
          cropYear: cropYearOfDelivery(plan.cropId, p.start),
          name: p.name,
          deliveryStart: p.start,
          deliveryEnd: p.end,
          futuresSymbol: symbol,
          basis: p.basis,
          quantityCap: p.cap ?? null,
          quantityContracted: p.contracted ?? '0',
          quantityUnit: unit,
          visibility: 'public',
        });
      }
      // One private bid per partner: a freight program for a few large growers.
      if (!privateDone.has(market.partnerId) && plan.cropId === CROP_IDS.corn) {
        privateDone.add(market.partnerId);
        const pStart = monthStart(today, 1);
        const pEnd = monthEnd(monthStart(today, 2));
        const symbol = symbolFor(pStart, pEnd);
        if (symbol) {
          values.push({
            partnerId: market.partnerId,
            marketId: market.id,
            cropId: plan.cropId,
            cropYear: cropYearOfDelivery(plan.cropId, pStart),
            name: 'Semi-load program',
            deliveryStart: pStart,
            deliveryEnd: pEnd,
            futuresSymbol: symbol,
            basis: toDecimal(plan.spotBasis).plus(unitShift).plus('0.0800').toFixed(4),
            quantityCap: '100000',
            quantityUnit: unit,
            visibility: 'private',
            offersAllowed: false,
            notes: 'Semi loads of 1,000 bu or more; call the office to book.',
          });
        }
      }
      // One deleted bid (the 'Show deleted' toggle and undelete have something to show).
      if (!deletedDone && plan.cropId === CROP_IDS.soybeans) {
        deletedDone = true;
        const symbol = symbolFor(today, monthEnd(today));
        if (symbol) {
          values.push({
            partnerId: market.partnerId,
            marketId: market.id,
            cropId: plan.cropId,
            cropYear: cropYearOfDelivery(plan.cropId, today),
            name: 'Spot (old)',
            deliveryStart: today,
            deliveryEnd: monthEnd(today),
            futuresSymbol: symbol,
            basis: toDecimal(plan.spotBasis).minus('0.1000').toFixed(4),
            quantityUnit: unit,
            visibility: 'public',
            deletedAt: new Date(Math.min(Date.now(), Date.parse(`${today}T14:00:00Z`))),
          });
        }
      }
    }
  });
  if (values.length > 0) await db.insert(instruments).values(values);
}
