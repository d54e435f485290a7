// Reading settlements: the list (filters, pages), one settlement and its lines, deductions and payees.

import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  contracts,
  scaleTickets,
  settlementDeductions,
  settlementLines,
  settlementPayees,
} from '../../db/schema/index.ts';

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

export async function settlementLineRows(db: Db, settlementId: number) {
  return db
    .select({
      id: settlementLines.id,
      // A voided line released its application and kept the id (decision 044): the record reads the same.
      ticketApplicationId:
        sql<number>`coalesce(${settlementLines.ticketApplicationId}, ${settlementLines.releasedTicketApplicationId})`.mapWith(
          Number,
        ),
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

const OUTER_ADVANCE_ID = sql.raw('"settlement_deductions"."advance_id"');

export async function settlementDeductionRows(db: Db, settlementId: number) {
  return db
    .select({
      kind: settlementDeductions.kind,
      description: settlementDeductions.description,
      amount: settlementDeductions.amount,
      advanceId: settlementDeductions.advanceId,
      // An advance's balance left after this settlement: its amount less what this settlement and the earlier ones
      // still standing recovered of it (partial recovery; decision 044, addendum).
      // (The outer column written in full: drizzle leaves a single table's columns unqualified, which the sub-select
      // would read as its own d.advance_id.)
      advanceBalance: sql<string | null>`case when ${OUTER_ADVANCE_ID} is null then null else (
        select (a.amount - coalesce(sum(d.amount), 0))::numeric(14, 2)::text
        from advances a
        left join settlement_deductions d on d.advance_id = a.id and d.kind = 'advance'
          and (d.settlement_id = ${settlementId} or (d.settlement_id < ${settlementId}
            and exists (select 1 from settlements s where s.id = d.settlement_id and s.status <> 'void')))
        where a.id = ${OUTER_ADVANCE_ID}
        group by a.amount) end`,
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
