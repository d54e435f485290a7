// Demo data of issue 5 (futures and quotes, bids, public pages, offers), seeded after the CRM data.
// Each area seeds from its own function here, in dependency order: quotes before bids, bids before offers.

import { FUTURES_PRODUCTS, listedContracts, toDecimal, tradingSession } from '@granary/domain';
import { seedBidsDemo } from './bids-demo.ts';
import { seedBidHistoryFromSettlements } from '../modules/bids/bid-history.repo.ts';
import { seedOffersDemo } from './offers-demo.ts';
import type { Db } from '../platform/db.ts';
import { futuresSymbols, quotes } from '../db/schema/index.ts';
import { seedPublicPagesDemo } from './public-pages-demo.ts';
import { seedDemoQuoteHistory } from '../modules/futures/feeds/demo-history.ts';

export type TradingSeedOptions = {
  /** 'YYYY-MM-DD': the demo's today. */
  today: string;
};

/** How many contract months of each futures product are listed (about a year and a half of months). */
const LISTED_MONTHS = 8;

/**
 * Futures symbols of every product for the months still trading, and a quote for each: the product's
 * reference price with the carry a real curve has (deferred months a few cents higher each), settled
 * yesterday a little lower. The simulated feed moves them from there.
 */
export async function seedFuturesDemo(db: Db, options: TradingSeedOptions): Promise<void> {
  for (const product of FUTURES_PRODUCTS) {
    const months = listedContracts(product, options.today, LISTED_MONTHS);
    if (months.length === 0) continue;
    const cropId = product.cropIds[0]!;
    await db.insert(futuresSymbols).values(
      months.map((m) => ({
        symbol: m.symbol,
        root: m.root,
        exchange: m.exchange,
        cropId,
        monthCode: m.monthCode,
        optionMonth: m.optionMonth,
        firstNoticeDay: m.firstNoticeDay,
        lastTradeDay: m.lastTradeDay,
        priceUnit: product.priceUnit,
        currency: product.currency,
      })),
    );
    const reference = toDecimal(product.referencePrice);
    // Carry per month out: 1.5% of the price (≈6.5¢ on corn, ≈$9.60 a tonne on canola), on the tick.
    const tick = toDecimal(product.tick);
    await db.insert(quotes).values(
      months.map((m, i) => {
        const last = reference.times(toDecimal('0.015').times(i).plus(1)).div(tick).round().times(tick);
        const previousSettle = last.minus(tick.times(3 + i));
        return {
          symbol: m.symbol,
          last: last.toFixed(4),
          open: previousSettle.toFixed(4),
          high: last.plus(tick.times(2)).toFixed(4),
          low: previousSettle.minus(tick.times(2)).toFixed(4),
          previousSettle: previousSettle.toFixed(4),
          // The trading day the exchange is on (a Sunday's demo quotes are Monday's, so the feed does not settle them at once).
          tradeDate: tradingSession(new Date(`${options.today}T12:00:00Z`)).tradeDate,
          source: 'simulated' as const,
        };
      }),
    );
  }
}

/** The issue-5 demo data, after the CRM's. */
export async function seedTradingDemo(db: Db, options: TradingSeedOptions): Promise<void> {
  await seedFuturesDemo(db, options);
  await seedDemoQuoteHistory(
    db,
    await db.select().from(quotes),
    tradingSession(new Date(`${options.today}T12:00:00Z`)).tradeDate,
  );
  await seedPublicPagesDemo(db, options);
  await seedBidsDemo(db, options);
  // The bids' daily closes from the seeded settlements and each bid's basis (bid chart, decision 057 addendum).
  await seedBidHistoryFromSettlements(db, new Date(`${options.today}T12:00:00Z`));
  await seedOffersDemo(db, options);
}
