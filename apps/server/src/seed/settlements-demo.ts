// Settlement rates and demo settlements (issue 14, task E; docs/decisions/044-settlement-arithmetic.md).
//
// Checkoff rates: the state programs of the demo markets' states and the national soybean checkoff, as published by
// the boards (sources in the rows). Storage: every market of the demo partners gets a rate (30 free days, then a
// per-bushel-per-day charge), data the market may change. The demo farmer (Fieldman Family Farms) gets a lien, an
// advance and four settlements of its priced, applied bushels at Ames (one final waiting for a payment request, a
// draft, one recovering an advance in part, one voided), so /crm/settlements and My Sales Lite's settlements show
// the grain book on `npm start`; the payments seed adds the paid and requested ones.

import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { CROP_IDS, computeSettlement, decimalString, toDecimal } from '@granary/domain';
import type { Db } from '../platform/db.ts';
import { rowsOf } from '../platform/db.ts';
import { checkoffRates, contracts, crops, legalEntities, markets, storageRates, users } from '../db/schema/index.ts';
import {
  addSettledQuantity,
  appliedLines,
  checkoffRatesOf,
  insertSettlement,
  nextSettlementNumber,
  storageRatesOf,
  updateSettlementStatus,
  voidLines,
} from '../modules/settlements/settlements.repo.ts';
import {
  addLienPaid,
  insertAdvance,
  insertLien,
  recordAdvanceRecoveries,
  reverseAdvanceRecoveries,
} from '../modules/settlements/advances-liens.repo.ts';

const C = CROP_IDS;

/** The checkoff programs (per crop and state; '*' national). Rates as the boards publish them. */
const CHECKOFF_RATES: {
  cropId: number;
  state: string;
  name: string;
  basis: 'per_bushel' | 'pct_of_value';
  rate: string;
  source: string;
}[] = [
  {
    cropId: C.corn,
    state: 'IA',
    name: 'Iowa corn checkoff',
    basis: 'per_bushel',
    rate: '0.01',
    source: 'Iowa Corn Promotion Board: 1 cent per bushel since 2012-09-01 (iowacorn.org/about/checkoff)',
  },
  {
    cropId: C.corn,
    state: 'IL',
    name: 'Illinois corn checkoff',
    basis: 'per_bushel',
    rate: '0.00875',
    source: 'Illinois Corn Marketing Board: 7/8 cent per bushel since 2022-10-01 (ilcorn.org)',
  },
  {
    cropId: C.corn,
    state: 'NE',
    name: 'Nebraska corn checkoff',
    basis: 'per_bushel',
    rate: '0.005',
    source: 'Nebraska Corn Board: 1/2 cent per bushel since 2012-10-01 (nebraskacorn.gov/about-us)',
  },
  {
    cropId: C.soybeans,
    state: '*',
    name: 'Soybean checkoff',
    basis: 'pct_of_value',
    rate: '0.005',
    source: 'Soybean Promotion and Research Order (7 CFR 1220): 0.5% of the net market value',
  },
  ...[C.wheat, C.winterWheat, C.springWheat, C.durumWheat].map((cropId) => ({
    cropId,
    state: 'NE',
    name: 'Nebraska wheat checkoff',
    basis: 'pct_of_value' as const,
    rate: '0.005',
    source: 'Nebraska Wheat Board: 0.5% of net value at the first sale (nebraskawheat.gov/about-us/about-nwb)',
  })),
];

/** 30 free days, then 1.5 cents per bushel per 10 days (US) / 1.2 (Canada): data each market may change. */
const STORAGE_DEFAULT = {
  USA: { freeDays: 30, ratePerBushelPerDay: '0.0015' },
  CAN: { freeDays: 30, ratePerBushelPerDay: '0.0012' },
  AUS: { freeDays: 30, ratePerBushelPerDay: '0.0012' },
} as const;

/** The checkoff rates, and a storage rate for every market without one (safe to run again). */
export async function seedSettlementRates(db: Db): Promise<void> {
  const known = new Set((await db.select({ id: crops.id }).from(crops)).map((c) => c.id));
  const rates = CHECKOFF_RATES.filter((r) => known.has(r.cropId));
  if (rates.length) await db.insert(checkoffRates).values(rates).onConflictDoNothing();
  const all = await db.select({ id: markets.id, country: markets.countryCode }).from(markets);
  const withRate = new Set((await db.select({ m: storageRates.marketId }).from(storageRates)).map((r) => r.m));
  const missing = all.filter((m) => !withRate.has(m.id));
  if (missing.length) {
    await db
      .insert(storageRates)
      .values(missing.map((m) => ({ marketId: m.id, cropId: null, ...STORAGE_DEFAULT[m.country] })))
      .onConflictDoNothing();
  }
}

/** The demo farmer's lien, advance and settlements (see the file comment). */
export async function seedSettlementsDemo(db: Db, options: { today: string }): Promise<void> {
  await seedSettlementRates(db);
  const [client] = await db
    .select({ id: legalEntities.id, name: legalEntities.name })
    .from(legalEntities)
    .where(and(eq(legalEntities.partnerId, 'demo'), eq(legalEntities.name, 'Fieldman Family Farms')));
  if (!client) return;
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.granary.test'));
  // The client's priced purchase contracts with applied bushels: at Ames (the CRM's first market) first.
  const priced = rowsOf<{ id: string | number; market_id: number; crop_id: number; crop_year: number }>(
    await db.execute(sql`
      select c.id, c.market_id, c.crop_id, c.crop_year from contracts c join markets m on m.id = c.market_id
      where c.client_id = ${client.id} and c.direction = 'purchase' and c.cash_price is not null
        and c.priced_quantity > 0
        and exists (select 1 from ticket_applications ta where ta.contract_id = c.id)
      order by (m.slug = 'ames') desc, c.crop_year desc, c.contract_date, c.id limit 40`),
  );
  if (priced.length === 0) return;
  const first = priced[0]!;
  const lien = await insertLien(db, {
    partnerId: 'demo',
    clientId: client.id,
    lienholder: 'Heartland Farm Credit',
    amount: '2500.00',
    cropYear: first.crop_year,
  });
  // At the market of the first: the first (lien and harvest advance, recovered whole) final and waiting for a payment
  // request, a draft, a final one whose spring input advance outweighs the grain (recovered in part: the advance keeps
  // a balance, nothing to pay), and one finalized then voided (its bushels released to be settled again).
  const roles = ['final', 'draft', 'partial-advance', 'void'] as const;
  const [market] = await db
    .select({ state: markets.administrativeAreaLevel1 })
    .from(markets)
    .where(eq(markets.id, first.market_id));
  const storage = await storageRatesOf(db, first.market_id);
  const storageRate = (crop: number) => {
    const r = storage.find((s) => s.cropId === crop) ?? storage.find((s) => s.cropId === null);
    return r ? { freeDays: r.freeDays, ratePerBushelPerDay: r.ratePerBushelPerDay } : null;
  };
  let made = 0;
  for (const p of priced) {
    const role = roles[made];
    if (!role) break;
    if (p.market_id !== first.market_id) continue;
    // The first two settle the first contract's crop and year; the others any crop at that market.
    if (made < 2 && (p.crop_id !== first.crop_id || p.crop_year !== first.crop_year)) continue;
    const contractId = Number(p.id);
    const [c] = await db
      .select({
        cashPrice: contracts.cashPrice,
        priced: contracts.pricedQuantity,
        settled: contracts.settledQuantity,
      })
      .from(contracts)
      .where(and(eq(contracts.id, contractId), isNotNull(contracts.cashPrice)));
    if (!c) continue;
    let room = toDecimal(c.priced).minus(toDecimal(c.settled));
    const lines = (
      await appliedLines(db, 'demo', client.id, { contractIds: [contractId], unsettledOnly: true })
    ).filter((l) => {
      const b = toDecimal(l.bushels);
      if (b.gt(room)) return false;
      room = room.minus(b);
      return true;
    });
    if (lines.length === 0) continue;
    const settlementDate = options.today;
    const checkoffs = await checkoffRatesOf(db, market?.state ?? '', [p.crop_id]);
    const compute = (
      advances: { id: number; amount: string }[],
      liens: Parameters<typeof computeSettlement>[0]['liens'],
    ) =>
      computeSettlement({
        settlementDate,
        lines: lines.map((l) => ({ ...l, price: c.cashPrice! })),
        storageRate,
        checkoffRates: (crop) => checkoffs.filter((r) => r.cropId === crop),
        advances: advances.map((a) => ({ id: a.id, contractId, balance: a.amount, paidDate: lines[0]!.deliveryDate })),
        liens,
        farmer: { clientId: client.id, name: client.name },
      });
    let result;
    try {
      result = compute([], []);
      const advance =
        role === 'final'
          ? { amount: '1000.00', note: 'Harvest advance' }
          : role === 'partial-advance'
            ? // More than the grain nets: the settlement recovers what it can, the advance keeps the rest.
              {
                amount: toDecimal(result.net).div(500).ceil().mul(500).plus(2500).toFixed(2),
                note: 'Spring input advance',
              }
            : null;
      const advanceId = advance
        ? await insertAdvance(db, {
            partnerId: 'demo',
            marketId: first.market_id,
            contractId,
            clientId: client.id,
            amount: advance.amount,
            paidDate: lines[0]!.deliveryDate,
            note: advance.note,
            createdBy: buyer?.id ?? null,
          })
        : null;
      if ((advance && advanceId !== null) || role === 'final') {
        result = compute(
          advance && advanceId !== null ? [{ id: advanceId, amount: advance.amount }] : [],
          role === 'final' ? [{ id: lien.id, lienholder: lien.lienholder, balance: '2500.00', pct: null }] : [],
        );
      }
    } catch {
      continue;
    }
    const n = await nextSettlementNumber(db, 'demo');
    const id = await insertSettlement(
      db,
      {
        partnerId: 'demo',
        marketId: first.market_id,
        clientId: client.id,
        displaySettlementId: `S-${String(n).padStart(6, '0')}`,
        settlementDate,
        createdBy: buyer?.id ?? null,
      },
      result,
    );
    await addSettledQuantity(db, contractId, decimalString(toDecimal(result.bushels)));
    await recordAdvanceRecoveries(
      db,
      result.deductions.flatMap((d) => (d.advanceId === null ? [] : [{ advanceId: d.advanceId, amount: d.amount }])),
      id,
    );
    for (const payee of result.payees) if (payee.lienId !== null) await addLienPaid(db, payee.lienId, payee.amount);
    if (role !== 'draft') await updateSettlementStatus(db, id, 1, { status: 'final' });
    if (role === 'void') {
      // As the CRM voids one (settlements.service changeSettlementStatus): lines released, bushels back to settle.
      await updateSettlementStatus(db, id, 2, { status: 'void', voidReason: 'Priced at the wrong cash price' });
      for (const h of await voidLines(db, id))
        await addSettledQuantity(db, h.contractId, decimalString(toDecimal(h.bushels).neg()));
      await reverseAdvanceRecoveries(db, id);
    }
    made += 1;
  }
}
