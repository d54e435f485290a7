// Settlements, advances and liens: the only file of the module that touches the database (docs/decisions/031).

import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  advances,
  checkoffRates,
  contracts,
  crops,
  legalEntities,
  liens,
  markets,
  scaleTickets,
  settlementCounters,
  settlementDeductions,
  settlementLines,
  settlementPayees,
  settlements,
  storageRates,
  ticketApplications,
} from '../../db/schema/index.ts';
import type { SettlementResult } from '@granary/domain';

// ---------------------------------------------------------------------------------------------------
// Applied lines

export type AppliedLineRow = {
  ticketApplicationId: number;
  contractId: number;
  displayContractId: string;
  marketId: number;
  clientId: number;
  cropId: number;
  cropYear: number;
  cashPrice: string | null;
  scaleTicketId: number;
  displayScaleTicketId: string;
  deliveryDate: string;
  bushels: string;
  ticketQuantity: string;
  dryingCharge: string;
  discountAmount: string;
  appliedAt: Date;
  /** The settlement holding this application (not void), if any. */
  settledBy: number | null;
};

const appliedFields = {
  ticketApplicationId: ticketApplications.id,
  contractId: contracts.id,
  displayContractId: contracts.displayContractId,
  marketId: contracts.marketId,
  clientId: contracts.clientId,
  cropId: contracts.cropId,
  cropYear: contracts.cropYear,
  cashPrice: contracts.cashPrice,
  scaleTicketId: scaleTickets.id,
  displayScaleTicketId: scaleTickets.displayScaleTicketId,
  deliveryDate: scaleTickets.deliveryDate,
  bushels: ticketApplications.quantity,
  ticketQuantity: scaleTickets.quantity,
  dryingCharge: scaleTickets.dryingCharge,
  discountAmount: scaleTickets.discountAmount,
  appliedAt: ticketApplications.appliedAt,
  settledBy: settlementLines.settlementId,
};

/** Applied lines of a partner's client: of some contracts, and/or some applications (purchase contracts only). */
export async function appliedLines(
  db: Db,
  partnerId: string,
  clientId: number,
  of: { contractIds?: number[] | undefined; ticketApplicationIds?: number[] | undefined; unsettledOnly?: boolean },
): Promise<AppliedLineRow[]> {
  const which: SQL[] = [];
  if (of.contractIds?.length) which.push(inArray(contracts.id, of.contractIds));
  if (of.ticketApplicationIds?.length) which.push(inArray(ticketApplications.id, of.ticketApplicationIds));
  const conditions: (SQL | undefined)[] = [
    eq(contracts.partnerId, partnerId),
    eq(contracts.clientId, clientId),
    eq(contracts.direction, 'purchase'),
    which.length ? or(...which) : undefined,
  ];
  if (of.unsettledOnly) conditions.push(isNull(settlementLines.id));
  return db
    .select(appliedFields)
    .from(ticketApplications)
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .innerJoin(scaleTickets, eq(scaleTickets.id, ticketApplications.scaleTicketId))
    .leftJoin(
      settlementLines,
      and(eq(settlementLines.ticketApplicationId, ticketApplications.id), eq(settlementLines.voided, false)),
    )
    .where(and(...conditions))
    .orderBy(asc(contracts.id), asc(ticketApplications.appliedAt), asc(ticketApplications.id));
}

export type LockedContract = {
  id: number;
  clientId: number;
  displayContractId: string;
  cashPrice: string | null;
  pricedQuantity: string;
  settledQuantity: string;
  status: string;
};

/** The contracts' rows locked (in id order, so two settlements never deadlock) until the transaction ends. */
export async function lockContracts(db: Db, partnerId: string, ids: number[]): Promise<LockedContract[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: contracts.id,
      clientId: contracts.clientId,
      displayContractId: contracts.displayContractId,
      cashPrice: contracts.cashPrice,
      pricedQuantity: contracts.pricedQuantity,
      settledQuantity: contracts.settledQuantity,
      status: contracts.status,
    })
    .from(contracts)
    .where(and(eq(contracts.partnerId, partnerId), inArray(contracts.id, ids)))
    .orderBy(asc(contracts.id))
    .for('update');
}

/** The contracts of some applications (of the partner). */
export async function contractIdsOfApplications(db: Db, partnerId: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: contracts.id })
    .from(ticketApplications)
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .where(and(eq(contracts.partnerId, partnerId), inArray(ticketApplications.id, ids)));
  return rows.map((r) => r.id);
}

export async function addSettledQuantity(db: Db, contractId: number, bushels: string): Promise<void> {
  await db
    .update(contracts)
    .set({
      settledQuantity: sql`greatest(${contracts.settledQuantity} + ${bushels}::numeric, 0)`,
      updatedAt: new Date(),
    })
    .where(eq(contracts.id, contractId));
}

// ---------------------------------------------------------------------------------------------------
// Rates

export async function storageRatesOf(db: Db, marketId: number) {
  return db
    .select({
      cropId: storageRates.cropId,
      freeDays: storageRates.freeDays,
      ratePerBushelPerDay: storageRates.ratePerBushelPerDay,
    })
    .from(storageRates)
    .where(eq(storageRates.marketId, marketId));
}

export async function checkoffRatesOf(db: Db, state: string, cropIds: number[]) {
  if (cropIds.length === 0) return [];
  return db
    .select({
      id: checkoffRates.id,
      cropId: checkoffRates.cropId,
      name: checkoffRates.name,
      basis: checkoffRates.basis,
      rate: checkoffRates.rate,
    })
    .from(checkoffRates)
    .where(and(inArray(checkoffRates.cropId, cropIds), inArray(checkoffRates.state, [state, '*'])))
    .orderBy(asc(checkoffRates.id));
}

// ---------------------------------------------------------------------------------------------------
// Advances

export type AdvanceRow = {
  id: number;
  contractId: number;
  displayContractId: string;
  clientId: number;
  clientName: string;
  marketId: number;
  amount: string;
  paidDate: string;
  status: 'paid' | 'recovered' | 'void';
  recoveredBySettlementId: number | null;
  recoveredByDisplaySettlementId: string | null;
  note: string | null;
  createdAt: Date;
};

const advanceFields = {
  id: advances.id,
  contractId: advances.contractId,
  displayContractId: contracts.displayContractId,
  clientId: advances.clientId,
  clientName: legalEntities.name,
  marketId: advances.marketId,
  amount: advances.amount,
  paidDate: advances.paidDate,
  status: advances.status,
  recoveredBySettlementId: advances.recoveredBySettlementId,
  recoveredByDisplaySettlementId: settlements.displaySettlementId,
  note: advances.note,
  createdAt: advances.createdAt,
};

export async function listAdvances(
  db: Db,
  f: {
    partnerId: string;
    marketIds: number[];
    clientIds?: number[] | undefined;
    contractId?: number | undefined;
    status?: string | undefined;
    ids?: number[] | undefined;
  },
): Promise<AdvanceRow[]> {
  if (f.marketIds.length === 0) return [];
  const conditions: (SQL | undefined)[] = [
    eq(advances.partnerId, f.partnerId),
    inArray(advances.marketId, f.marketIds),
    f.clientIds ? inArray(advances.clientId, f.clientIds.length ? f.clientIds : [-1]) : undefined,
    f.contractId ? eq(advances.contractId, f.contractId) : undefined,
    f.status ? eq(advances.status, f.status as AdvanceRow['status']) : undefined,
    f.ids ? inArray(advances.id, f.ids) : undefined,
  ];
  return db
    .select(advanceFields)
    .from(advances)
    .innerJoin(contracts, eq(contracts.id, advances.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, advances.clientId))
    .leftJoin(settlements, eq(settlements.id, advances.recoveredBySettlementId))
    .where(and(...conditions))
    .orderBy(desc(advances.paidDate), desc(advances.id))
    .limit(500);
}

/** The farmer's advances (their clients', any partner). */
export async function listClientAdvances(db: Db, clientIds: number[], ids?: number[]): Promise<AdvanceRow[]> {
  if (clientIds.length === 0) return [];
  return db
    .select(advanceFields)
    .from(advances)
    .innerJoin(contracts, eq(contracts.id, advances.contractId))
    .innerJoin(legalEntities, eq(legalEntities.id, advances.clientId))
    .leftJoin(settlements, eq(settlements.id, advances.recoveredBySettlementId))
    .where(
      and(
        inArray(advances.clientId, clientIds),
        ids ? inArray(advances.id, ids) : undefined,
        sql`${advances.status} <> 'void'`,
      ),
    )
    .orderBy(desc(advances.paidDate), desc(advances.id))
    .limit(500);
}

export async function insertAdvance(db: Db, values: typeof advances.$inferInsert): Promise<number> {
  const [row] = await db.insert(advances).values(values).returning({ id: advances.id });
  return row!.id;
}

/** The paid (not yet recovered) advances of contracts, locked. */
export async function lockOpenAdvances(db: Db, contractIds: number[]) {
  if (contractIds.length === 0) return [];
  return db
    .select({ id: advances.id, contractId: advances.contractId, amount: advances.amount, paidDate: advances.paidDate })
    .from(advances)
    .where(and(inArray(advances.contractId, contractIds), eq(advances.status, 'paid')))
    .orderBy(asc(advances.paidDate), asc(advances.id))
    .for('update');
}

export async function markAdvancesRecovered(db: Db, ids: number[], settlementId: number | null): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(advances)
    .set({ status: settlementId === null ? 'paid' : 'recovered', recoveredBySettlementId: settlementId })
    .where(inArray(advances.id, ids));
}

// ---------------------------------------------------------------------------------------------------
// Liens

export type LienRow = typeof liens.$inferSelect;

export async function listLiens(db: Db, partnerId: string, clientId: number): Promise<LienRow[]> {
  return db
    .select()
    .from(liens)
    .where(and(eq(liens.partnerId, partnerId), eq(liens.clientId, clientId)))
    .orderBy(desc(liens.active), asc(liens.id));
}

export async function findLien(db: Db, partnerId: string, lienId: number): Promise<LienRow | null> {
  const [row] = await db
    .select()
    .from(liens)
    .where(and(eq(liens.partnerId, partnerId), eq(liens.id, lienId)));
  return row ?? null;
}

export async function insertLien(db: Db, values: typeof liens.$inferInsert): Promise<LienRow> {
  const [row] = await db.insert(liens).values(values).returning();
  return row!;
}

/** Writes a lien at the version read; null when someone else changed it first. */
export async function updateLien(
  db: Db,
  lienId: number,
  version: number,
  patch: Partial<typeof liens.$inferInsert>,
): Promise<LienRow | null> {
  const [row] = await db
    .update(liens)
    .set({ ...patch, version: sql`${liens.version} + 1`, updatedAt: new Date() })
    .where(and(eq(liens.id, lienId), eq(liens.version, version)))
    .returning();
  return row ?? null;
}

/** The client's active liens that apply to a crop and crop year, locked, in their order. */
export async function lockApplicableLiens(db: Db, clientId: number, cropId: number, cropYear: number) {
  return db
    .select()
    .from(liens)
    .where(
      and(
        eq(liens.clientId, clientId),
        eq(liens.active, true),
        or(isNull(liens.cropId), eq(liens.cropId, cropId)),
        or(isNull(liens.cropYear), eq(liens.cropYear, cropYear)),
      ),
    )
    .orderBy(asc(liens.id))
    .for('update');
}

export async function addLienPaid(db: Db, lienId: number, amount: string): Promise<void> {
  await db
    .update(liens)
    .set({ paidAmount: sql`greatest(${liens.paidAmount} + ${amount}::numeric, 0)`, updatedAt: new Date() })
    .where(eq(liens.id, lienId));
}

// ---------------------------------------------------------------------------------------------------
// Settlements

/** The partner's next settlement number (1, 2, …), taken under the counter row's lock. */
export async function nextSettlementNumber(db: Db, partnerId: string): Promise<number> {
  const [row] = await db
    .insert(settlementCounters)
    .values({ partnerId, lastNumber: 1 })
    .onConflictDoUpdate({
      target: settlementCounters.partnerId,
      set: { lastNumber: sql`${settlementCounters.lastNumber} + 1` },
    })
    .returning({ n: settlementCounters.lastNumber });
  return row!.n;
}

export async function insertSettlement(
  db: Db,
  s: {
    partnerId: string;
    marketId: number;
    clientId: number;
    displaySettlementId: string;
    settlementDate: string;
    createdBy: string | null;
  },
  r: SettlementResult,
): Promise<number> {
  const [row] = await db
    .insert(settlements)
    .values({
      ...s,
      status: 'draft',
      gross: r.gross,
      deductionsTotal: r.deductionsTotal,
      net: r.net,
      bushels: r.bushels,
    })
    .returning({ id: settlements.id });
  const id = row!.id;
  // One statement of 16 arrays (unnest) rather than 200 rows × 16 parameters: building and planning the multi-row
  // insert cost ~50 ms of the 100 ms budget for a 200-ticket settlement (docs/decisions/044).
  const col = <K extends keyof SettlementResult['lines'][number]>(k: K) => r.lines.map((l) => l[k]);
  await db.execute(sql`
    insert into settlement_lines (settlement_id, ticket_application_id, contract_id, scale_ticket_id, bushels, price,
      amount, drying, discounts, storage, storage_days, checkoff, net)
    select ${id}, * from unnest(
      ${pgArray(col('ticketApplicationId'))}::bigint[], ${pgArray(col('contractId'))}::bigint[],
      ${pgArray(col('scaleTicketId'))}::bigint[], ${pgArray(col('bushels'))}::numeric[],
      ${pgArray(col('price'))}::numeric[], ${pgArray(col('amount'))}::numeric[], ${pgArray(col('drying'))}::numeric[],
      ${pgArray(col('discounts'))}::numeric[], ${pgArray(col('storage'))}::numeric[],
      ${pgArray(col('storageDays'))}::int[], ${pgArray(col('checkoff'))}::numeric[], ${pgArray(col('net'))}::numeric[])`);
  if (r.deductions.length) {
    await db.insert(settlementDeductions).values(
      r.deductions.map((d) => ({
        settlementId: id,
        kind: d.kind,
        description: d.description,
        amount: d.amount,
        advanceId: d.advanceId,
        checkoffRateId: d.checkoffRateId,
      })),
    );
  }
  await db.insert(settlementPayees).values(r.payees.map((p) => ({ ...p, settlementId: id })));
  return id;
}

/** A PostgreSQL array literal of numbers or decimal strings ('{1,2.5}'): one text parameter, whatever the driver. */
function pgArray(values: readonly (string | number)[]): string {
  return `{${values.map(String).join(',')}}`;
}

export type SettlementRow = {
  id: number;
  partnerId: string;
  displaySettlementId: string;
  status: 'draft' | 'final' | 'paid' | 'void';
  marketId: number;
  marketName: string;
  marketState: string;
  marketCountry: 'USA' | 'CAN' | 'AUS';
  clientId: number;
  clientName: string;
  cropId: number;
  cropName: string;
  cropYear: number;
  settlementDate: string;
  bushels: string;
  gross: string;
  deductionsTotal: string;
  net: string;
  contracts: { id: number; displayContractId: string }[];
  voidReason: string | null;
  version: number;
  createdAt: Date;
};

export type SettlementFilter = {
  partnerId?: string | undefined;
  marketIds?: number[] | undefined;
  clientIds?: number[] | undefined;
  contractId?: number | undefined;
  status?: string[] | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  ids?: number[] | undefined;
};

function filterSql(f: SettlementFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.partnerId) parts.push(sql`s.partner_id = ${f.partnerId}`);
  if (f.marketIds) parts.push(f.marketIds.length ? sql`s.market_id in ${f.marketIds}` : sql`false`);
  if (f.clientIds) parts.push(f.clientIds.length ? sql`s.client_id in ${f.clientIds}` : sql`false`);
  if (f.ids) parts.push(f.ids.length ? sql`s.id in ${f.ids}` : sql`false`);
  if (f.status?.length) parts.push(sql`s.status in ${f.status}`);
  if (f.dateFrom) parts.push(sql`s.settlement_date >= ${f.dateFrom}`);
  if (f.dateTo) parts.push(sql`s.settlement_date <= ${f.dateTo}`);
  if (f.contractId) {
    parts.push(
      sql`exists (select 1 from settlement_lines sl where sl.settlement_id = s.id and sl.contract_id = ${f.contractId})`,
    );
  }
  return sql.join(parts, sql` and `);
}

type RawSettlement = {
  id: string | number;
  partner_id: string;
  display_settlement_id: string;
  status: SettlementRow['status'];
  market_id: number;
  market_name: string;
  market_state: string;
  market_country: 'USA' | 'CAN' | 'AUS';
  client_id: string | number;
  client_name: string;
  crop_id: number;
  crop_name: string;
  crop_year: number;
  settlement_date: string | Date;
  bushels: string;
  gross: string;
  deductions_total: string;
  net: string;
  contracts: { id: number; displayContractId: string }[] | string;
  void_reason: string | null;
  version: number;
  created_at: string | Date;
};

const day = (v: string | Date) => (typeof v === 'string' ? v.slice(0, 10) : v.toISOString().slice(0, 10));

function settlementOf(r: RawSettlement): SettlementRow {
  return {
    id: Number(r.id),
    partnerId: r.partner_id,
    displaySettlementId: r.display_settlement_id,
    status: r.status,
    marketId: r.market_id,
    marketName: r.market_name,
    marketState: r.market_state,
    marketCountry: r.market_country,
    clientId: Number(r.client_id),
    clientName: r.client_name,
    cropId: r.crop_id,
    cropName: r.crop_name,
    cropYear: r.crop_year,
    settlementDate: day(r.settlement_date),
    bushels: r.bushels,
    gross: r.gross,
    deductionsTotal: r.deductions_total,
    net: r.net,
    contracts: (typeof r.contracts === 'string' ? JSON.parse(r.contracts) : r.contracts) as SettlementRow['contracts'],
    voidReason: r.void_reason,
    version: r.version,
    createdAt: new Date(r.created_at),
  };
}

const selectSettlements = sql`
  select s.id, s.partner_id, s.display_settlement_id, s.status, s.market_id,
         coalesce(m.display_name, m.city || ', ' || m.administrative_area_level_1) as market_name,
         m.administrative_area_level_1 as market_state, m.country_code as market_country,
         s.client_id, le.name as client_name, k.crop_id, cr.display_name as crop_name, k.crop_year,
         s.settlement_date, s.bushels, s.gross, s.deductions_total, s.net, k.contracts, s.void_reason, s.version,
         s.created_at
  from settlements s
  join markets m on m.id = s.market_id
  join legal_entities le on le.id = s.client_id
  cross join lateral (
    select min(c.crop_id) as crop_id, min(c.crop_year) as crop_year,
           coalesce(json_agg(json_build_object('id', c.id, 'displayContractId', c.display_contract_id) order by c.id), '[]') as contracts
    from contracts c
    where c.id in (select distinct sl.contract_id from settlement_lines sl where sl.settlement_id = s.id)
  ) k
  left join crops cr on cr.id = k.crop_id`;

export async function settlementPage(
  db: Db,
  f: SettlementFilter,
  limit: number,
  offset: number,
): Promise<SettlementRow[]> {
  const result = await db.execute(
    sql`${selectSettlements} where ${filterSql(f)} order by s.settlement_date desc, s.id desc limit ${limit} offset ${offset}`,
  );
  return rowsOf<RawSettlement>(result).map(settlementOf);
}

export async function countSettlements(db: Db, f: SettlementFilter, cap: number): Promise<number> {
  const result = await db.execute(
    sql`select count(*)::int as n from (select 1 from settlements s where ${filterSql(f)} limit ${cap}) x`,
  );
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export async function findSettlement(db: Db, id: number, f: SettlementFilter = {}): Promise<SettlementRow | null> {
  const result = await db.execute(sql`${selectSettlements} where s.id = ${id} and ${filterSql(f)}`);
  const row = rowsOf<RawSettlement>(result)[0];
  return row ? settlementOf(row) : null;
}

export async function lockSettlement(db: Db, partnerId: string, id: number) {
  const [row] = await db
    .select({
      id: settlements.id,
      status: settlements.status,
      version: settlements.version,
      marketId: settlements.marketId,
    })
    .from(settlements)
    .where(and(eq(settlements.partnerId, partnerId), eq(settlements.id, id)))
    .for('update');
  return row ?? null;
}

export async function updateSettlementStatus(
  db: Db,
  id: number,
  version: number,
  patch: { status: 'final' | 'void'; voidReason?: string | null },
): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(settlements)
    .set({
      status: patch.status,
      version: sql`${settlements.version} + 1`,
      updatedAt: now,
      ...(patch.status === 'final' ? { finalizedAt: now } : { voidedAt: now, voidReason: patch.voidReason ?? null }),
    })
    .where(and(eq(settlements.id, id), eq(settlements.version, version)))
    .returning({ id: settlements.id });
  return rows.length === 1;
}

export async function settlementLineRows(db: Db, settlementId: number) {
  return db
    .select({
      id: settlementLines.id,
      ticketApplicationId: settlementLines.ticketApplicationId,
      contractId: settlementLines.contractId,
      displayContractId: contracts.displayContractId,
      scaleTicketId: settlementLines.scaleTicketId,
      displayScaleTicketId: scaleTickets.displayScaleTicketId,
      deliveryDate: scaleTickets.deliveryDate,
      bushels: settlementLines.bushels,
      price: settlementLines.price,
      amount: settlementLines.amount,
      drying: settlementLines.drying,
      discounts: settlementLines.discounts,
      storage: settlementLines.storage,
      storageDays: settlementLines.storageDays,
      checkoff: settlementLines.checkoff,
      net: settlementLines.net,
    })
    .from(settlementLines)
    .innerJoin(contracts, eq(contracts.id, settlementLines.contractId))
    .innerJoin(scaleTickets, eq(scaleTickets.id, settlementLines.scaleTicketId))
    .where(eq(settlementLines.settlementId, settlementId))
    .orderBy(asc(settlementLines.id));
}

export async function settlementDeductionRows(db: Db, settlementId: number) {
  return db
    .select({
      kind: settlementDeductions.kind,
      description: settlementDeductions.description,
      amount: settlementDeductions.amount,
      advanceId: settlementDeductions.advanceId,
    })
    .from(settlementDeductions)
    .where(eq(settlementDeductions.settlementId, settlementId))
    .orderBy(asc(settlementDeductions.id));
}

export async function settlementPayeeRows(db: Db, settlementId: number) {
  return db
    .select({
      kind: settlementPayees.kind,
      payeeName: settlementPayees.payeeName,
      amount: settlementPayees.amount,
      lienId: settlementPayees.lienId,
    })
    .from(settlementPayees)
    .where(eq(settlementPayees.settlementId, settlementId))
    .orderBy(asc(settlementPayees.id));
}

/** Voids a settlement's lines (their applications may be settled again); the bushels per contract they held. */
export async function voidLines(db: Db, settlementId: number): Promise<{ contractId: number; bushels: string }[]> {
  await db.update(settlementLines).set({ voided: true }).where(eq(settlementLines.settlementId, settlementId));
  const result = await db.execute(
    sql`select contract_id, sum(bushels)::text as bushels from settlement_lines where settlement_id = ${settlementId} group by contract_id`,
  );
  return rowsOf<{ contract_id: string | number; bushels: string }>(result).map((r) => ({
    contractId: Number(r.contract_id),
    bushels: r.bushels,
  }));
}

export async function advancesRecoveredBy(db: Db, settlementId: number): Promise<number[]> {
  const rows = await db
    .select({ id: advances.id })
    .from(advances)
    .where(eq(advances.recoveredBySettlementId, settlementId));
  return rows.map((r) => r.id);
}

/** Market, client and crop lookups for messages and the statement. */
export async function clientName(db: Db, clientId: number): Promise<string | null> {
  const [row] = await db.select({ name: legalEntities.name }).from(legalEntities).where(eq(legalEntities.id, clientId));
  return row?.name ?? null;
}

const cropNames = new Map<number, string>();

/** A crop's display name (crops are reference data: read once per process). */
export async function cropName(db: Db, cropId: number): Promise<string> {
  const known = cropNames.get(cropId);
  if (known !== undefined) return known;
  const [row] = await db.select({ name: crops.displayName }).from(crops).where(eq(crops.id, cropId));
  const name = row?.name ?? String(cropId);
  if (row) cropNames.set(cropId, name);
  return name;
}

export async function marketState(db: Db, marketId: number): Promise<string> {
  const [row] = await db
    .select({ state: markets.administrativeAreaLevel1 })
    .from(markets)
    .where(eq(markets.id, marketId));
  return row?.state ?? '';
}

export async function contractMarketAndClient(
  db: Db,
  contractId: number,
): Promise<{ marketId: number; clientId: number }> {
  const [row] = await db
    .select({ marketId: contracts.marketId, clientId: contracts.clientId })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  return row!;
}
