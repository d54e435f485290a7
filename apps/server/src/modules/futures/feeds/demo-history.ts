// The demo's price history: a settlement per business day for the weeks before the seed, walked back from each
// quote's previous settlement by whole ticks (deterministic), so futures-historical and charts have data at once.

import { futuresProduct, parseFuturesSymbol, toDecimal } from '@granary/domain';
import type { Db } from '../../../platform/db.ts';
import { insertSettlements } from '../futures.repo.ts';
import { settlementInstant } from './simulated.ts';

function previousBusinessDay(iso: string): string {
  let t = Date.parse(`${iso}T00:00:00Z`);
  do t -= 86_400_000;
  while ([0, 6].includes(new Date(t).getUTCDay()));
  return new Date(t).toISOString().slice(0, 10);
}

/** Settlements of the `days` business days before `tradeDate` for each quote given (its root's months move together). */
export async function seedDemoQuoteHistory(
  db: Db,
  seeded: readonly { symbol: string; previousSettle: string | null; last: string }[],
  tradeDate: string,
  days = 30,
): Promise<void> {
  let state = 0x9e3779b9;
  const rng = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
  const dates: string[] = [];
  for (let d = previousBusinessDay(tradeDate); dates.length < days; d = previousBusinessDay(d)) dates.push(d);
  const byRoot = new Map<string, (typeof seeded)[number][]>();
  for (const q of seeded) {
    const root = parseFuturesSymbol(q.symbol)?.root;
    if (root) byRoot.set(root, [...(byRoot.get(root) ?? []), q]);
  }
  const rows: { symbol: string; price: string; quotedAt: Date }[] = [];
  for (const [root, list] of byRoot) {
    const tick = toDecimal(futuresProduct(root)!.tick);
    // Offsets in ticks from the latest settlement, going back a day at a time.
    let offset = 0;
    for (const date of dates) {
      for (const q of list) {
        const price = toDecimal(q.previousSettle ?? q.last).plus(tick.times(offset));
        if (price.gt(tick.times(10)))
          rows.push({ symbol: q.symbol, price: price.toFixed(4), quotedAt: settlementInstant(date) });
      }
      offset += Math.round((rng() - 0.5) * 16);
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await insertSettlements(db, rows.slice(i, i + 1000), 'simulated');
}
