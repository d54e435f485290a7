// The farmer's own grain data: the client legal entities onboarded to the user's enterprises (any partner's) and
// their contracts, scale tickets and markets. Every query here is scoped by those client ids; nothing else is read.

import { and, asc, desc, eq, gt, inArray, or, sql, type SQL } from 'drizzle-orm';
import { PROFIT_CENTER_ACCESS_PERMISSION, type EnterpriseAccessFlag, type SalesTotals } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import { enterprisesGrantedByHand, grantedByHand } from '../../platform/manual-grants.ts';
import {
  clientMarkets,
  contractAmendments,
  contractDocuments,
  contracts,
  enterpriseAgronomics,
  enterpriseUsers,
  legalEntities,
  markets,
  pricingEvents,
  profitCenterFavorites,
  scaleTickets,
  ticketApplications,
} from '../../db/schema/index.ts';

export type FarmerClient = { id: number; name: string; partnerId: string; enterpriseId: number | null };

/**
 * A membership that passes 6.2's enterprise permission for a flag: an owner, the flag set (issue 16), or the flag
 * granted by hand on the enterprise (decision 053).
 */
function memberHolds(flag: EnterpriseAccessFlag): SQL {
  return or(
    eq(enterpriseUsers.role, 'owner'),
    sql`${flag} = any(${enterpriseUsers.permissions})`,
    grantedByHand(enterpriseUsers.userId, enterpriseUsers.enterpriseId, flag),
  )!;
}

/**
 * The client legal entities onboarded to the user's enterprises (legal_entities.enterprise_id), of any partner, on
 * the enterprises where the user holds the access flag (profit center access by default; payments: financial access).
 */
export async function farmerClients(
  db: Db,
  userId: string,
  flag: EnterpriseAccessFlag = PROFIT_CENTER_ACCESS_PERMISSION,
): Promise<FarmerClient[]> {
  const held = db
    .select({ id: enterpriseUsers.enterpriseId })
    .from(enterpriseUsers)
    .where(and(eq(enterpriseUsers.userId, userId), memberHolds(flag)));
  return db
    .select({
      id: legalEntities.id,
      name: legalEntities.name,
      partnerId: legalEntities.partnerId,
      enterpriseId: legalEntities.enterpriseId,
    })
    .from(legalEntities)
    .where(
      and(
        eq(legalEntities.kind, 'client'),
        or(
          inArray(legalEntities.enterpriseId, held),
          sql`${legalEntities.enterpriseId} in ${enterprisesGrantedByHand(userId, flag)}`,
        ),
      ),
    )
    .orderBy(asc(legalEntities.id));
}

/** Whether the user is a member of some enterprise but holds the flag on none of them (403 'Access denied'). */
export async function lacksAccessEverywhere(db: Db, userId: string, flag: EnterpriseAccessFlag): Promise<boolean> {
  const rows = await db
    .select({
      holds: sql<boolean>`bool_or(${memberHolds(flag)}) or exists ${enterprisesGrantedByHand(userId, flag)}`,
      count: sql<number>`count(*)::int`,
    })
    .from(enterpriseUsers)
    .where(eq(enterpriseUsers.userId, userId));
  const row = rows[0];
  return row !== undefined && row.count > 0 && row.holds !== true;
}

const marketFields = {
  marketSlug: markets.slug,
  marketDisplayName: markets.displayName,
  marketCity: markets.city,
  marketState: markets.administrativeAreaLevel1,
};

const contractFields = {
  id: contracts.id,
  displayContractId: contracts.displayContractId,
  contractType: contracts.contractType,
  status: contracts.status,
  cropId: contracts.cropId,
  cropYear: contracts.cropYear,
  marketId: contracts.marketId,
  clientId: contracts.clientId,
  clientName: legalEntities.name,
  quantity: contracts.quantity,
  quantityUnit: contracts.quantityUnit,
  cancelledQuantity: contracts.cancelledQuantity,
  deliveredQuantity: contracts.deliveredQuantity,
  pricedQuantity: contracts.pricedQuantity,
  priceStatus: contracts.priceStatus,
  futuresPrice: contracts.futuresPrice,
  basis: contracts.basis,
  cashPrice: contracts.cashPrice,
  optionMonth: contracts.optionMonth,
  deliveryStart: contracts.deliveryStart,
  deliveryEnd: contracts.deliveryEnd,
  contractDate: contracts.contractDate,
  expiration: contracts.expiration,
  lastTicketDate: contracts.lastTicketDate,
  esignSent: contracts.esignSent,
  signed: contracts.signed,
  ...marketFields,
};

export type FarmerContractData = {
  id: number;
  displayContractId: string;
  contractType: (typeof contracts.$inferSelect)['contractType'];
  status: (typeof contracts.$inferSelect)['status'];
  cropId: number;
  cropYear: number;
  marketId: number;
  clientId: number;
  clientName: string;
  quantity: string;
  quantityUnit: string;
  cancelledQuantity: string;
  deliveredQuantity: string;
  pricedQuantity: string;
  priceStatus: (typeof contracts.$inferSelect)['priceStatus'];
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
  optionMonth: string | null;
  deliveryStart: string;
  deliveryEnd: string;
  contractDate: string;
  expiration: string | null;
  lastTicketDate: string | null;
  esignSent: boolean;
  signed: boolean;
  marketSlug: string;
  marketDisplayName: string | null;
  marketCity: string;
  marketState: string;
};

export type ContractFilter = {
  clientIds: number[];
  cropId?: number | undefined;
  cropYear?: number | undefined;
  status?: string | undefined;
  priceStatus?: string | undefined;
};

/** The farmer's sales: contracts on which the buyer purchases from one of the farmer's legal entities. */
function contractWhere(f: ContractFilter): SQL {
  return and(
    inArray(contracts.clientId, f.clientIds),
    eq(contracts.direction, 'purchase'),
    f.cropId !== undefined ? eq(contracts.cropId, f.cropId) : undefined,
    f.cropYear !== undefined ? eq(contracts.cropYear, f.cropYear) : undefined,
    f.status !== undefined ? eq(contracts.status, f.status as FarmerContractData['status']) : undefined,
    f.priceStatus !== undefined
      ? eq(contracts.priceStatus, f.priceStatus as FarmerContractData['priceStatus'])
      : undefined,
  )!;
}

function contractQuery(db: Db) {
  return db
    .select(contractFields)
    .from(contracts)
    .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
    .innerJoin(markets, eq(markets.id, contracts.marketId));
}

/** One page of the farmer's contracts, newest contract date first (keyset on contract date and id). */
export async function contractPage(
  db: Db,
  f: ContractFilter,
  after: { key: string; id: number } | null,
  limit: number,
  offset: number,
): Promise<FarmerContractData[]> {
  const keyset = after
    ? sql`(${contracts.contractDate}, ${contracts.id}) < (${after.key}::date, ${after.id}::bigint)`
    : undefined;
  return contractQuery(db)
    .where(and(contractWhere(f), keyset))
    .orderBy(desc(contracts.contractDate), desc(contracts.id))
    .limit(limit)
    .offset(offset);
}

export async function countContracts(db: Db, f: ContractFilter, cap: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${contracts} where ${contractWhere(f)} limit ${cap}) as capped`,
    ),
  );
  return Number(row?.n ?? 0);
}

/** Every contract of the filter (the sums: a farm has hundreds, not millions). */
export async function allContracts(db: Db, f: ContractFilter): Promise<FarmerContractData[]> {
  return contractQuery(db).where(contractWhere(f)).orderBy(desc(contracts.contractDate), desc(contracts.id));
}

export async function findContract(
  db: Db,
  clientIds: number[],
  contractId: number,
): Promise<FarmerContractData | null> {
  const [row] = await contractQuery(db).where(and(eq(contracts.id, contractId), contractWhere({ clientIds })));
  return row ?? null;
}

export async function contractPricingEvents(db: Db, contractId: number) {
  return db
    .select({
      id: pricingEvents.id,
      quantity: pricingEvents.quantity,
      futuresPrice: pricingEvents.futuresPrice,
      basis: pricingEvents.basis,
      cashPrice: pricingEvents.cashPrice,
      pricedAt: pricingEvents.pricedAt,
    })
    .from(pricingEvents)
    .where(eq(pricingEvents.contractId, contractId))
    .orderBy(asc(pricingEvents.pricedAt), asc(pricingEvents.id));
}

// The ticket applications a contract shows are read by crm-contracts' listTicketApplications (the same rows).

/** Amendments without their author (the buyer's staff are not named to the farmer). */
export async function contractAmendmentRows(db: Db, contractId: number) {
  return db
    .select({
      id: contractAmendments.id,
      displayContractAmendmentId: contractAmendments.displayContractAmendmentId,
      action: contractAmendments.action,
      details: contractAmendments.details,
      createdAt: contractAmendments.createdAt,
    })
    .from(contractAmendments)
    .where(eq(contractAmendments.contractId, contractId))
    .orderBy(asc(contractAmendments.createdAt), asc(contractAmendments.id));
}

/** The contract's documents (not their content), drafts left out: the farmer sees what was sent or signed. */
export async function contractDocumentRows(db: Db, contractId: number) {
  return db
    .select({
      id: contractDocuments.id,
      kind: contractDocuments.kind,
      fileName: contractDocuments.fileName,
      status: contractDocuments.status,
      createdAt: contractDocuments.createdAt,
      signedAt: contractDocuments.signedAt,
    })
    .from(contractDocuments)
    .where(and(eq(contractDocuments.contractId, contractId), sql`${contractDocuments.status} <> 'draft'`))
    .orderBy(desc(contractDocuments.createdAt), desc(contractDocuments.id));
}

// ---------------------------------------------------------------------------------------------------
// Scale tickets

const ticketFields = {
  id: scaleTickets.id,
  displayScaleTicketId: scaleTickets.displayScaleTicketId,
  marketId: scaleTickets.marketId,
  clientId: scaleTickets.clientId,
  clientName: legalEntities.name,
  cropId: scaleTickets.cropId,
  cropYear: scaleTickets.cropYear,
  deliveryDate: scaleTickets.deliveryDate,
  quantity: scaleTickets.quantity,
  weight: scaleTickets.weight,
  appliedQuantity: scaleTickets.appliedQuantity,
  unappliedQuantity: scaleTickets.unappliedQuantity,
  moisture: scaleTickets.moisture,
  testWeight: scaleTickets.testWeight,
  foreignMaterial: scaleTickets.foreignMaterial,
  damage: scaleTickets.damage,
  shrinkQuantity: scaleTickets.shrinkQuantity,
  dryingCharge: scaleTickets.dryingCharge,
  discountAmount: scaleTickets.discountAmount,
  ...marketFields,
};

export type FarmerTicketData = {
  id: number;
  displayScaleTicketId: string;
  marketId: number;
  clientId: number;
  clientName: string;
  cropId: number;
  cropYear: number;
  deliveryDate: string;
  quantity: string;
  weight: string | null;
  appliedQuantity: string;
  unappliedQuantity: string;
  moisture: string | null;
  testWeight: string | null;
  foreignMaterial: string | null;
  damage: string | null;
  shrinkQuantity: string;
  dryingCharge: string;
  discountAmount: string;
  marketSlug: string;
  marketDisplayName: string | null;
  marketCity: string;
  marketState: string;
};

export type TicketFilter = {
  clientIds: number[];
  cropId?: number | undefined;
  cropYear?: number | undefined;
  unappliedOnly?: boolean;
};

function ticketWhere(f: TicketFilter): SQL {
  return and(
    inArray(scaleTickets.clientId, f.clientIds),
    f.cropId !== undefined ? eq(scaleTickets.cropId, f.cropId) : undefined,
    f.cropYear !== undefined ? eq(scaleTickets.cropYear, f.cropYear) : undefined,
    f.unappliedOnly ? gt(scaleTickets.unappliedQuantity, '0') : undefined,
  )!;
}

function ticketQuery(db: Db) {
  return db
    .select(ticketFields)
    .from(scaleTickets)
    .innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId))
    .innerJoin(markets, eq(markets.id, scaleTickets.marketId));
}

/** One page of the farmer's tickets, newest delivery first (keyset on delivery date and id). */
export async function ticketPage(
  db: Db,
  f: TicketFilter,
  after: { key: string; id: number } | null,
  limit: number,
  offset: number,
): Promise<FarmerTicketData[]> {
  const keyset = after
    ? sql`(${scaleTickets.deliveryDate}, ${scaleTickets.id}) < (${after.key}::date, ${after.id}::bigint)`
    : undefined;
  return ticketQuery(db)
    .where(and(ticketWhere(f), keyset))
    .orderBy(desc(scaleTickets.deliveryDate), desc(scaleTickets.id))
    .limit(limit)
    .offset(offset);
}

export async function countTickets(db: Db, f: TicketFilter, cap: number): Promise<number> {
  const [row] = rowsOf<{ n: number | string }>(
    await db.execute(
      sql`select count(*)::int as n from (select 1 from ${scaleTickets} where ${ticketWhere(f)} limit ${cap}) as capped`,
    ),
  );
  return Number(row?.n ?? 0);
}

export async function ticketsByIds(db: Db, clientIds: number[], ids: number[]): Promise<FarmerTicketData[]> {
  return ticketQuery(db)
    .where(and(inArray(scaleTickets.id, ids), ticketWhere({ clientIds })))
    .orderBy(desc(scaleTickets.deliveryDate), desc(scaleTickets.id));
}

/** Where each ticket went: its applications with the contract numbers. */
export async function ticketApplicationsOf(db: Db, ticketIds: number[]) {
  if (ticketIds.length === 0) return [];
  return db
    .select({
      scaleTicketId: ticketApplications.scaleTicketId,
      contractId: ticketApplications.contractId,
      displayContractId: contracts.displayContractId,
      quantity: ticketApplications.quantity,
      splitPct: ticketApplications.splitPct,
    })
    .from(ticketApplications)
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .where(inArray(ticketApplications.scaleTicketId, ticketIds))
    .orderBy(asc(ticketApplications.id));
}

/** The unapplied bushels of the farmer's tickets (the balances). */
export async function unappliedTickets(db: Db, f: TicketFilter) {
  return db
    .select({
      cropId: scaleTickets.cropId,
      cropYear: scaleTickets.cropYear,
      unappliedQuantity: scaleTickets.unappliedQuantity,
    })
    .from(scaleTickets)
    .where(ticketWhere({ ...f, unappliedOnly: true }));
}

/** The crops and crop years of the farmer's contracts and tickets. */
export async function cropYearsOf(db: Db, clientIds: number[]): Promise<{ cropId: number; cropYear: number }[]> {
  const rows = rowsOf<{ cropId: number; cropYear: number }>(
    await db.execute(sql`
    select crop_id as "cropId", crop_year as "cropYear" from ${contracts} where ${contractWhere({ clientIds })}
    union
    select crop_id, crop_year from ${scaleTickets} where ${inArray(scaleTickets.clientId, clientIds)}
  `),
  );
  return rows.map((r) => ({ cropId: Number(r.cropId), cropYear: Number(r.cropYear) }));
}

/** The markets the farmer deals with: where they have contracts or tickets, or sell to (client_markets). */
export async function farmerMarkets(db: Db, clientIds: number[]) {
  const used = sql`select market_id from ${contracts} where ${inArray(contracts.clientId, clientIds)}
    union select market_id from ${scaleTickets} where ${inArray(scaleTickets.clientId, clientIds)}`;
  return db
    .select({
      id: markets.id,
      partnerId: markets.partnerId,
      slug: markets.slug,
      displayName: markets.displayName,
      city: markets.city,
      administrativeAreaLevel1: markets.administrativeAreaLevel1,
      countryCode: markets.countryCode,
      phone: markets.phone,
      email: markets.email,
      timezone: markets.timezone,
    })
    .from(markets)
    .where(
      or(
        sql`${markets.id} in (${used})`,
        sql`${markets.id} in (select ${clientMarkets.marketId} from ${clientMarkets} where ${inArray(clientMarkets.clientId, clientIds)})`,
      ),
    )
    .orderBy(asc(markets.id));
}

/** The acres (or hectares) and yield the farm businesses wrote per crop and crop year (decision 050's agronomics). */
export async function agronomicsOf(db: Db, enterpriseIds: number[]) {
  if (enterpriseIds.length === 0) return [];
  return db
    .select({
      enterpriseId: enterpriseAgronomics.enterpriseId,
      cropYear: enterpriseAgronomics.cropYear,
      crop: enterpriseAgronomics.crop,
      area: enterpriseAgronomics.area,
      areaUnits: enterpriseAgronomics.areaUnits,
      averageYield: enterpriseAgronomics.averageYield,
    })
    .from(enterpriseAgronomics)
    .where(inArray(enterpriseAgronomics.enterpriseId, enterpriseIds));
}

/** The user's favourite locations (market and crop), oldest first. */
export async function favoritesOf(db: Db, userId: string) {
  return db
    .select({ marketId: profitCenterFavorites.marketId, cropId: profitCenterFavorites.cropId })
    .from(profitCenterFavorites)
    .where(eq(profitCenterFavorites.userId, userId))
    .orderBy(
      asc(profitCenterFavorites.createdAt),
      asc(profitCenterFavorites.marketId),
      asc(profitCenterFavorites.cropId),
    );
}

export async function addFavorite(db: Db, userId: string, marketId: number, cropId: number): Promise<void> {
  await db.insert(profitCenterFavorites).values({ userId, marketId, cropId }).onConflictDoNothing();
}

export async function removeFavorite(db: Db, userId: string, marketId: number, cropId: number): Promise<void> {
  await db
    .delete(profitCenterFavorites)
    .where(
      and(
        eq(profitCenterFavorites.userId, userId),
        eq(profitCenterFavorites.marketId, marketId),
        eq(profitCenterFavorites.cropId, cropId),
      ),
    );
}

/** Whether the user holds the flag on this enterprise (a member holding it, or granted by hand). */
export async function holdsFlagOn(
  db: Db,
  userId: string,
  enterpriseId: number,
  flag: EnterpriseAccessFlag = PROFIT_CENTER_ACCESS_PERMISSION,
): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(enterpriseUsers)
    .where(
      and(
        eq(enterpriseUsers.userId, userId),
        eq(enterpriseUsers.enterpriseId, enterpriseId),
        or(memberHolds(flag), sql`${enterpriseUsers.enterpriseId} in ${enterprisesGrantedByHand(userId, flag)}`),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * The summary's sums per crop and crop year, added by the database (decision 057: a farm's thousands of contracts are
 * not carried to Node to be summed). The per-contract rules are contractQuantities' (see SalesTotals).
 */
export function salesTotalsQuery(db: Db, f: ContractFilter) {
  // Each contract's quantities once (a derived table), then the sums: PostgreSQL would repeat the expressions per sum.
  const perContract = db
    .select({
      cropId: contracts.cropId,
      cropYear: contracts.cropYear,
      unit: contracts.quantityUnit,
      isOpen: sql<boolean>`${contracts.status} = 'open'`.as('is_open'),
      cash: contracts.cashPrice,
      open: sql<string>`greatest(${contracts.quantity} - coalesce(${contracts.cancelledQuantity}, 0), 0)`.as('open_q'),
      delivered: sql<string>`coalesce(${contracts.deliveredQuantity}, 0)`.as('delivered_q'),
      rawPriced: sql<string>`coalesce(${contracts.pricedQuantity}, 0)`.as('raw_priced_q'),
    })
    .from(contracts)
    .where(contractWhere(f))
    .as('c');
  const priced = sql`least(${perContract.rawPriced}, ${perContract.open})`;
  const withCash = sql`${perContract.cash} is not null and ${priced} > 0`;
  return db
    .select({
      cropId: perContract.cropId,
      cropYear: perContract.cropYear,
      // One unit per crop in practice; should a crop year mix them, its sums mix them as salesSummary's do.
      quantityUnit: sql<string>`min(${perContract.unit})`,
      contractCount: sql<number>`count(*)::int`,
      openContractCount: sql<number>`(count(*) filter (where ${perContract.isOpen}))::int`,
      contracted: sql<string>`sum(${perContract.open})::text`,
      delivered: sql<string>`sum(${perContract.delivered})::text`,
      remaining: sql<string>`sum(greatest(${perContract.open} - ${perContract.delivered}, 0))::text`,
      priced: sql<string>`sum(${priced})::text`,
      unpriced: sql<string>`sum(greatest(${perContract.open} - ${perContract.rawPriced}, 0))::text`,
      cashQuantity: sql<string>`coalesce(sum(${priced}) filter (where ${withCash}), 0)::text`,
      cashValue: sql<string>`coalesce(sum(${priced} * ${perContract.cash}) filter (where ${withCash}), 0)::text`,
    })
    .from(perContract)
    .groupBy(perContract.cropId, perContract.cropYear);
}

export async function salesTotals(db: Db, f: ContractFilter): Promise<SalesTotals[]> {
  const rows = await salesTotalsQuery(db, f);
  return rows.map((r) => ({ ...r, cropId: Number(r.cropId), cropYear: Number(r.cropYear) }));
}

/**
 * The markets whose bids price the summary: where the farmer has contracts or sells to (client_markets). Their scale
 * tickets are left out here (farmerMarkets reads them too): a farm's tens of thousands of tickets would double the
 * summary's reads for a market that, without a contract, has no sale to price.
 */
export async function pricingMarkets(db: Db, clientIds: number[]) {
  return db
    .select({ id: markets.id, partnerId: markets.partnerId })
    .from(markets)
    .where(
      or(
        sql`${markets.id} in (select distinct ${contracts.marketId} from ${contracts} where ${inArray(contracts.clientId, clientIds)})`,
        sql`${markets.id} in (select ${clientMarkets.marketId} from ${clientMarkets} where ${inArray(clientMarkets.clientId, clientIds)})`,
      ),
    );
}
