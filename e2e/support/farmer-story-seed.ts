import { and, eq } from 'drizzle-orm';
import { CROP_IDS, addDays, computeSettlement, decimalString, toDecimal } from '@granary/domain';
import type { Db } from '../../apps/server/src/platform/db.ts';
import {
  clientMarkets,
  contracts,
  enterpriseAgronomics,
  enterpriseUsers,
  enterprises,
  legalEntities,
  markets,
  scaleTickets,
  ticketApplications,
  users,
} from '../../apps/server/src/db/schema/index.ts';
import { hashPassword } from '../../apps/server/src/modules/identity/passwords.ts';
import { nextContractNumber } from '../../apps/server/src/modules/contract-writing/contract-writing.public.ts';
import { nextTicketNumber } from '../../apps/server/src/modules/deliveries/deliveries.repo.ts';
import { seedSigningDemo } from '../../apps/server/src/modules/esign/esign.public.ts';
import { importQuotesCsv } from '../../apps/server/src/modules/futures/feeds/csv-import.ts';
import {
  addSettledQuantity,
  appliedLines,
  checkoffRatesOf,
  insertSettlement,
  nextSettlementNumber,
  storageRatesOf,
  updateSettlementStatus,
} from '../../apps/server/src/modules/settlements/settlements.repo.ts';
import { STORY, storyAlertSymbol } from './farmer-story.ts';

/**
 * A verified US farmer allowed My Sales Lite (the agronomics experience and the flag), owner of a farm business of
 * their own in Iowa (every access flag): a spec's own farmer, as the demo seed makes the demo farmer.
 */
export async function insertFarmer(
  db: Db,
  f: { email: string; firstName: string; lastName: string; passwordHash?: string; farm: string; now: Date },
): Promise<{ userId: string; farmId: number }> {
  const [farmer] = await db
    .insert(users)
    .values({
      email: f.email,
      firstName: f.firstName,
      lastName: f.lastName,
      passwordHash: f.passwordHash ?? null,
      emailVerifiedAt: f.now,
      verificationStatus: 'verified',
      experiences: { enterprise_agronomics: true },
      permissions: ['my-sales-lite'],
      countryCode: 'USA',
      tosAcceptedAt: f.now,
    })
    .returning({ id: users.id });
  const [farm] = await db
    .insert(enterprises)
    .values({ name: f.farm, countryCode: 'USA', administrativeAreaLevel1: 'IA' })
    .returning({ id: enterprises.id });
  await db.insert(enterpriseUsers).values({ enterpriseId: farm!.id, userId: farmer!.id, role: 'owner' });
  return { userId: farmer!.id, farmId: farm!.id };
}

/**
 * The story's own data for farmer-profit-center.spec (issue 17's e2e), made with the server's own repos and services
 * as the demo seed makes the demo farmer's: a farmer with a password and a farm business (owner: every access flag)
 * that is a client of the demo partner at Ames (e-sign eligible, paid by ACH), with a corn production estimate; one
 * priced contract sent for signature (a real signing request, as the CRM's Send makes); one priced contract delivered
 * by a scale ticket and settled (final, nothing requested yet); and a quote for the futures month the story's price
 * alert watches. Nothing here is shared with another spec, so the specs run in any order.
 */
export async function seedFarmerStory(db: Db, now: Date = new Date()): Promise<void> {
  const today = now.toISOString().slice(0, 10);
  const year = now.getUTCFullYear();
  const { farmId } = await insertFarmer(db, {
    email: STORY.email,
    firstName: STORY.firstName,
    lastName: STORY.lastName,
    passwordHash: await hashPassword(STORY.password),
    farm: STORY.farm,
    now,
  });
  await db.insert(enterpriseAgronomics).values({
    enterpriseId: farmId,
    cropYear: year,
    crop: 'corn',
    area: STORY.acres,
    areaUnits: 'acres',
    averageYield: STORY.yield,
  });

  const [market] = await db
    .select({ id: markets.id, state: markets.administrativeAreaLevel1 })
    .from(markets)
    .where(and(eq(markets.partnerId, 'demo'), eq(markets.slug, STORY.market)));
  const [buyer] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'buyer@demo.granary.test'));
  const [client] = await db
    .insert(legalEntities)
    .values({
      partnerId: 'demo',
      kind: 'client',
      name: STORY.farm,
      city: 'Ames',
      administrativeAreaLevel1: 'IA',
      emailAddress: STORY.email,
      enterpriseId: farmId,
      defaultCropId: CROP_IDS.corn,
      defaultCropYear: year,
      esignEligible: true,
      ach: true,
    })
    .returning({ id: legalEntities.id });
  await db.insert(clientMarkets).values({ clientId: client!.id, marketId: market!.id });

  const corn = (terms: { quantity: string; futures: string; basis: string }, delivered: boolean) => ({
    partnerId: 'demo',
    marketId: market!.id,
    clientId: client!.id,
    contractType: 'flat' as const,
    direction: 'purchase' as const,
    cropId: CROP_IDS.corn,
    cropYear: year,
    quantity: terms.quantity,
    pricedQuantity: terms.quantity,
    deliveredQuantity: delivered ? terms.quantity : '0',
    status: delivered ? ('completed' as const) : ('open' as const),
    priceStatus: 'priced' as const,
    futuresPrice: terms.futures,
    basis: terms.basis,
    cashPrice: decimalString(toDecimal(terms.futures).plus(toDecimal(terms.basis))),
    optionMonth: `${year}-12`,
    deliveryStart: delivered ? addDays(today, -30) : addDays(today, 20),
    deliveryEnd: delivered ? addDays(today, -1) : addDays(today, 60),
    contractDate: delivered ? addDays(today, -45) : addDays(today, -1),
    lastTicketDate: delivered ? addDays(today, -7) : null,
    createdBy: buyer?.id ?? null,
  });

  // Sent for signature: the signing request (PDF, link, e-mail-less) as the CRM's Send makes it.
  await db.insert(contracts).values({
    ...corn(STORY.toSign, false),
    displayContractId: await nextContractNumber(db, 'demo'),
    esignEligible: true,
    esignSent: true,
  });
  await seedSigningDemo(db, { partnerId: 'demo', clientName: STORY.farm, buyerEmail: 'buyer@demo.granary.test' });

  // Delivered on one scale ticket, applied, and settled (final).
  const [settled] = await db
    .insert(contracts)
    .values({ ...corn(STORY.settled, true), displayContractId: await nextContractNumber(db, 'demo') })
    .returning({ id: contracts.id });
  const quantity = toDecimal(STORY.settled.quantity);
  const [ticket] = await db
    .insert(scaleTickets)
    .values({
      partnerId: 'demo',
      marketId: market!.id,
      clientId: client!.id,
      displayScaleTicketId: `T-${await nextTicketNumber(db, 'demo')}`,
      cropId: CROP_IDS.corn,
      cropYear: year,
      deliveryDate: addDays(today, -7),
      quantity: quantity.toFixed(4),
      weight: quantity.times(56).toFixed(2),
      appliedQuantity: quantity.toFixed(4),
      unappliedQuantity: '0',
      moisture: '15.00',
      testWeight: '56.00',
    })
    .returning({ id: scaleTickets.id });
  await db
    .insert(ticketApplications)
    .values({ scaleTicketId: ticket!.id, contractId: settled!.id, quantity: quantity.toFixed(4), splitPct: '100.00' });
  const lines = await appliedLines(db, 'demo', client!.id, { contractIds: [settled!.id], unsettledOnly: true });
  const storage = await storageRatesOf(db, market!.id);
  const checkoffs = await checkoffRatesOf(db, market!.state ?? '', [CROP_IDS.corn]);
  const result = computeSettlement({
    settlementDate: today,
    lines: lines.map((l) => ({ ...l, price: l.cashPrice! })),
    storageRate: (crop) => {
      const r = storage.find((s) => s.cropId === crop) ?? storage.find((s) => s.cropId === null);
      return r ? { freeDays: r.freeDays, ratePerBushelPerDay: r.ratePerBushelPerDay } : null;
    },
    checkoffRates: (crop) => checkoffs.filter((r) => r.cropId === crop),
    advances: [],
    liens: [],
    farmer: { clientId: client!.id, name: STORY.farm },
  });
  const settlementId = await insertSettlement(
    db,
    {
      partnerId: 'demo',
      marketId: market!.id,
      clientId: client!.id,
      displaySettlementId: `S-${String(await nextSettlementNumber(db, 'demo')).padStart(6, '0')}`,
      settlementDate: today,
      createdBy: buyer?.id ?? null,
    },
    result,
  );
  await addSettledQuantity(db, settled!.id, decimalString(toDecimal(result.bushels)));
  await updateSettlementStatus(db, settlementId, 1, { status: 'final' });

  // The futures month the price alert watches, quoted through the admin's CSV import.
  await importQuotesCsv(db, `symbol,last\n${storyAlertSymbol(now)},4.5000\n`, now);
}
