// The demo's structured products (issue 18; DESIGN.md 'Demo data'), seeded on the full demo after its quotes and
// settlements: at the demo partner's Ames market, a live daily corn accumulator of the demo farmer's client (Fieldman
// Family Farms) begun three weeks ago, with its observations so far — one doubled-up day — and a live weekly soybean
// accumulator of another client; a saved quote of a third; a fourth's accumulator that ended last week, completed with
// its HTA contract. They are built as booking builds them (the engine's terms of the merchandiser's input, valued at
// the market of their trade day) and observed by the nightly observation's own run over the seeded settles, which
// writes the observations, the state and, at the end, the HTA: nothing here is a hand-written result of the engine.

import { and, asc, eq } from 'drizzle-orm';
import {
  CROP_IDS,
  cropYearOfDelivery,
  decimalString,
  exchangeClock,
  structureInputSchema,
  toDecimal,
  type StructureInput,
  type StructureQuote,
} from '@granary/domain';
import { INITIAL_STATE, valueStructure, type StructureTerms } from '@granary/scs-engine';
import { clientMarkets, futuresSymbols, legalEntities, markets } from '../../db/schema/index.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { insertStructure } from './booking.repo.ts';
import { observeStructures } from './observation.service.ts';
import { settlementsSince } from './observation.repo.ts';
import { PENDING_PAST_DATES, exchangeToday, marketOf, storedQuote, termsOf } from './pricing.engine.ts';
import { enqueueRiskRefresh } from './positions.risk.ts';

export type StructuresDemoOptions = {
  partnerId: string;
  marketSlug: string;
  /** The client whose accumulator the demo farmer sees in My Sales Lite. */
  farmerClientName: string;
  /** The merchandiser who quoted and traded them. */
  buyerUserId: string;
  /** The demo's now: observations run up to its exchange day. */
  now: Date;
};

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
/** A business day on or before `iso` (a structure's period and its trade fall on weekdays). */
function weekdayOnOrBefore(iso: string): string {
  let d = iso;
  while ([0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay())) d = addDays(d, -1);
  return d;
}
/** A price level rounded to the cent, as a merchandiser types one. */
const cents = (value: number) => value.toFixed(2);

type Place = { partnerId: string; marketId: number; buyerUserId: string; now: Date };

type DemoStructure = {
  clientId: number;
  name: string;
  status: 'quote' | 'live';
  input: StructureInput;
  /** The trading day it was quoted (and traded, when live): its market is that day's settle. */
  quotedOn: string;
};

/** The first listed futures month of a crop after the month of `day` (the structure's period ends before it). */
async function monthAfter(db: Db, cropId: number, day: string): Promise<{ symbol: string; optionMonth: string }> {
  const rows = await db
    .select({ symbol: futuresSymbols.symbol, optionMonth: futuresSymbols.optionMonth })
    .from(futuresSymbols)
    .where(eq(futuresSymbols.cropId, cropId))
    .orderBy(asc(futuresSymbols.optionMonth));
  const row = rows.find((r) => r.optionMonth > day.slice(0, 7));
  if (!row) throw new Error(`no listed futures month of crop ${cropId} after ${day}`);
  return row;
}

/** A symbol's seeded settles by exchange day, from `from` on. */
async function settlesOf(db: Db, symbol: string, from: string): Promise<Map<string, number>> {
  const rows = await settlementsSince(db, [symbol], new Date(`${from}T00:00:00Z`));
  return new Map(rows.map((r) => [exchangeClock(r.quotedAt).date, Number(r.price)]));
}

/** The settles of the terms' observation dates before today that have one, in date order. */
function pastSettles(terms: StructureTerms, settles: Map<string, number>, today: string): number[] {
  return terms.observations.filter((o) => o.date < today && settles.has(o.date)).map((o) => settles.get(o.date)!);
}

/** The latest settle on or before `day` (the market a structure was quoted at that day). */
function settleOn(settles: Map<string, number>, day: string, fallback: number): number {
  let best: string | null = null;
  for (const d of settles.keys()) if (d <= day && (best === null || d > best)) best = d;
  return best === null ? fallback : settles.get(best)!;
}

/** The valuation a quote keeps (storedQuote), at the market of its day, computed in this thread. */
async function quoteAt(
  db: Db,
  partnerId: string,
  terms: StructureTerms,
  futures: number,
  day: string,
  now: Date,
): Promise<StructureQuote> {
  // That day's midday on the exchange, never later than the demo's now (a quote made this morning).
  const at = new Date(Math.min(Date.parse(`${day}T17:00:00Z`), now.getTime()));
  const priced = await marketOf(
    db,
    partnerId,
    { cropId: terms.cropId, optionMonth: terms.optionMonth, keyLevel: terms.keyLevel },
    { futures: futures.toFixed(4), valuationDate: day },
    at,
  );
  const v = await valueStructure(terms, priced.market, {
    paths: priced.paths,
    pendingPastDates: PENDING_PAST_DATES,
  });
  return storedQuote(v, priced, at);
}

/** Inserts a structure as booking's quote (and trade, when live) writes it, with their audit records. */
async function book(db: Db, place: Place, s: DemoStructure, symbol: string, futures: number): Promise<number> {
  const terms = termsOf(s.input);
  const quote = await quoteAt(db, place.partnerId, terms, futures, s.quotedOn, place.now);
  const at = new Date(quote.valuedAt);
  const id = await insertStructure(db, {
    partnerId: place.partnerId,
    marketId: place.marketId,
    clientLegalEntityId: s.clientId,
    status: s.status,
    kind: s.input.kind,
    side: s.input.side,
    name: s.name,
    cropId: s.input.cropId,
    // The harvest the futures month's bushels are delivered from (Mar 2027 corn: the 2026 crop).
    cropYear: cropYearOfDelivery(s.input.cropId, s.input.optionMonth),
    futuresSymbol: symbol,
    optionMonth: s.input.optionMonth,
    input: s.input,
    terms,
    state: { ...INITIAL_STATE },
    quantity: s.input.quantity,
    fee: s.input.fee,
    startDate: s.input.start,
    endDate: s.input.end,
    quote,
    quotedBy: place.buyerUserId,
    ...(s.status === 'live' ? { tradedAt: at, tradedBy: place.buyerUserId } : {}),
    createdAt: at,
    updatedAt: at,
  });
  await audit(db, null, {
    actorUserId: place.buyerUserId,
    action: 'structure_quote_create',
    targetType: 'structure',
    targetId: String(id),
    details: {
      clientId: s.clientId,
      marketId: place.marketId,
      kind: s.input.kind,
      quantity: s.input.quantity,
      futures: quote.futures,
      merchandiserValue: quote.merchandiserValue,
    },
  });
  if (s.status === 'live')
    await audit(db, null, {
      actorUserId: place.buyerUserId,
      action: 'structure_trade',
      targetType: 'structure',
      targetId: String(id),
      details: {
        confirmation: 'verbal',
        status: 'live',
        futures: quote.futures,
        merchandiserValue: quote.merchandiserValue,
        valuedFromSettlesThrough: null,
      },
    });
  return id;
}

const accumulatorInput = (v: {
  cropId: number;
  optionMonth: string;
  start: string;
  end: string;
  quantity: number;
  fee: string;
  frequency: 'daily' | 'weekly';
  level: string;
  knockOut: string | null;
  doubleUp: 'none' | 'daily' | 'euro';
}): StructureInput =>
  structureInputSchema.parse({
    kind: 'accumulator',
    side: 'sale',
    cropId: v.cropId,
    optionMonth: v.optionMonth,
    start: v.start,
    end: v.end,
    quantity: String(v.quantity),
    fee: v.fee,
    frequency: v.frequency,
    accumulationLevel: v.level,
    knockOut: v.knockOut,
    doubleUp: v.doubleUp,
    floor: null,
  });

/**
 * Seeds the demo's structures (see the file's head) at a partner's market, after its futures quotes and settlements
 * and the contract number sequences (the completed structure's HTA is numbered from the partner's sequence).
 */
export async function seedStructuresDemo(db: Db, options: StructuresDemoOptions): Promise<void> {
  const [market] = await db
    .select({ id: markets.id })
    .from(markets)
    .where(and(eq(markets.partnerId, options.partnerId), eq(markets.slug, options.marketSlug)));
  if (!market) throw new Error(`no market ${options.marketSlug}`);
  const clients = await db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .innerJoin(clientMarkets, eq(clientMarkets.clientId, legalEntities.id))
    .where(
      and(
        eq(clientMarkets.marketId, market.id),
        eq(legalEntities.partnerId, options.partnerId),
        eq(legalEntities.kind, 'client'),
      ),
    )
    .orderBy(asc(legalEntities.id));
  const farmerClient = clients.find((c) => c.name === options.farmerClientName);
  const others = clients.filter((c) => c.name !== options.farmerClientName);
  if (!farmerClient || others.length < 3) throw new Error(`not enough clients at ${options.marketSlug}`);
  const place: Place = {
    partnerId: options.partnerId,
    marketId: market.id,
    buyerUserId: options.buyerUserId,
    now: options.now,
  };
  const today = exchangeToday(options.now);

  // 1. The farmer's live daily corn accumulator, three weeks in, two months to go: its level the highest settle of its
  //    days so far (that day doubled), its knock-out 30¢ under the lowest (never reached).
  const start = weekdayOnOrBefore(addDays(today, -21));
  const end = weekdayOnOrBefore(addDays(today, 60));
  const corn = await monthAfter(db, CROP_IDS.corn, end);
  const cornSettles = await settlesOf(db, corn.symbol, addDays(start, -7));
  const traded = weekdayOnOrBefore(addDays(start, -1));
  const probe = termsOf(
    accumulatorInput({
      ...{ cropId: CROP_IDS.corn, optionMonth: corn.optionMonth, start, end, quantity: 60_000, fee: '0.05' },
      ...{ frequency: 'daily', level: '5', knockOut: null, doubleUp: 'daily' },
    }),
  );
  const tradedAt = settleOn(cornSettles, traded, 4.5);
  const seen = pastSettles(probe, cornSettles, today);
  const high = seen.length > 0 ? Math.max(...seen) : tradedAt + 0.2;
  const low = seen.length > 0 ? Math.min(...seen, tradedAt) : tradedAt;
  await book(
    db,
    place,
    {
      clientId: farmerClient.id,
      name: 'Corn accumulator, winter',
      status: 'live',
      quotedOn: traded,
      input: accumulatorInput({
        ...{ cropId: CROP_IDS.corn, optionMonth: corn.optionMonth, start, end, quantity: 60_000, fee: '0.05' },
        ...{
          frequency: 'daily',
          level: decimalString(toDecimal(high.toFixed(4))),
          knockOut: cents(low - 0.3),
          doubleUp: 'daily',
        },
      }),
    },
    corn.symbol,
    tradedAt,
  );

  // 2. Another client's live weekly soybean accumulator, no double-up, its level 15¢ over the best settle so far.
  const soyEnd = weekdayOnOrBefore(addDays(today, 63));
  const soy = await monthAfter(db, CROP_IDS.soybeans, soyEnd);
  const soySettles = await settlesOf(db, soy.symbol, addDays(start, -7));
  const soyTradedAt = settleOn(soySettles, traded, 10.5);
  const soyProbe = termsOf(
    accumulatorInput({
      ...{ cropId: CROP_IDS.soybeans, optionMonth: soy.optionMonth, start, end: soyEnd, quantity: 25_000 },
      ...{ fee: '0.06', frequency: 'weekly', level: '12', knockOut: null, doubleUp: 'none' },
    }),
  );
  const soySeen = [soyTradedAt, ...pastSettles(soyProbe, soySettles, today)];
  await book(
    db,
    place,
    {
      clientId: others[0]!.id,
      name: 'Soybean weekly accumulator',
      status: 'live',
      quotedOn: traded,
      input: accumulatorInput({
        ...{ cropId: CROP_IDS.soybeans, optionMonth: soy.optionMonth, start, end: soyEnd, quantity: 25_000 },
        ...{ fee: '0.06', frequency: 'weekly', level: cents(Math.max(...soySeen) + 0.15) },
        ...{ knockOut: cents(Math.min(...soySeen) - 0.6), doubleUp: 'none' },
      }),
    },
    soy.symbol,
    soyTradedAt,
  );

  // 3. A client's daily corn accumulator that ended last week: observed to its end, completed, its HTA written.
  const doneStart = weekdayOnOrBefore(addDays(today, -35));
  const doneEnd = weekdayOnOrBefore(addDays(today, -8));
  const nearby = await monthAfter(db, CROP_IDS.corn, doneEnd);
  const nearbySettles = await settlesOf(db, nearby.symbol, addDays(doneStart, -7));
  const doneTraded = weekdayOnOrBefore(addDays(doneStart, -1));
  const doneTradedAt = settleOn(nearbySettles, doneTraded, 4.4);
  await book(
    db,
    place,
    {
      clientId: others[2]!.id,
      name: 'Fall corn accumulator',
      status: 'live',
      quotedOn: doneTraded,
      input: accumulatorInput({
        ...{ cropId: CROP_IDS.corn, optionMonth: nearby.optionMonth, start: doneStart, end: doneEnd },
        ...{ quantity: 20_000, fee: '0.05', frequency: 'daily', level: cents(doneTradedAt + 0.1) },
        ...{ knockOut: cents(doneTradedAt - 0.3), doubleUp: 'daily' },
      }),
    },
    nearby.symbol,
    doneTradedAt,
  );

  // The nightly observation's own run over the seeded settles: the live structures' days so far, the ended one's end.
  await observeStructures(db, options.now, { symbols: [...new Set([corn.symbol, soy.symbol, nearby.symbol])] });

  // 4. A saved quote for another client: a spring corn accumulator starting next week, at today's market.
  const quoteStart = weekdayOnOrBefore(addDays(today, 7));
  const quoteEnd = weekdayOnOrBefore(addDays(today, 120));
  const spring = await monthAfter(db, CROP_IDS.corn, quoteEnd);
  const springSettles = await settlesOf(db, spring.symbol, addDays(today, -10));
  const quotedToday = settleOn(springSettles, today, 4.6);
  await book(
    db,
    place,
    {
      clientId: others[1]!.id,
      name: 'Spring corn accumulator',
      status: 'quote',
      quotedOn: weekdayOnOrBefore(today),
      input: accumulatorInput({
        ...{ cropId: CROP_IDS.corn, optionMonth: spring.optionMonth, start: quoteStart, end: quoteEnd },
        ...{ quantity: 30_000, fee: '0.05', frequency: 'daily', level: cents(quotedToday + 0.35) },
        ...{ knockOut: cents(quotedToday - 0.4), doubleUp: 'daily' },
      }),
    },
    spring.symbol,
    quotedToday,
  );

  // The live structures' deltas for the position manager, valued in the background (as a trade asks).
  await enqueueRiskRefresh(db);
}
