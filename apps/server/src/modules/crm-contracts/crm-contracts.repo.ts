// The contracts and deliveries lists' rows: the record columns the domain's rules read, the rows of a page's ids
// (the second phase), the rows built as JSON text by PostgreSQL (passed through to the response unparsed), and what a
// row shows beside its record (current document, latest amendment, ticket prices) and the option months filter. A
// page's ids and counts are read in contract-list-pages.repo.ts, one contract in contract-record.repo.ts, the
// contract documents in contract-documents.repo.ts.

import { and, asc, desc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { CROPS, type ClientRecord, type ContractRecord, type ScaleTicketRecord } from '@granary/domain';
import { type Db } from '../../platform/db.ts';
import {
  contractAmendments,
  contractDocuments,
  contracts,
  legalEntities,
  scaleTickets,
  ticketApplications,
} from '../../db/schema/index.ts';

// ---------------------------------------------------------------------------------------------------
// Lists

/** The row's client, as the rules read it (drizzle builds the nested object). */
const clientFields = {
  client: {
    id: legalEntities.id,
    name: legalEntities.name,
    area: legalEntities.area,
    estimatedYield: legalEntities.estimatedYield,
    contractedWithOther: legalEntities.contractedWithOther,
  },
};

/** The contract columns of a ContractRecord (the domain's facts for views and list rows). */
export const contractRecordFields = {
  id: contracts.id,
  clientId: contracts.clientId,
  marketId: contracts.marketId,
  cropId: contracts.cropId,
  cropYear: contracts.cropYear,
  displayContractId: contracts.displayContractId,
  contractType: contracts.contractType,
  direction: contracts.direction,
  status: contracts.status,
  quantity: contracts.quantity,
  deliveredQuantity: contracts.deliveredQuantity,
  cancelledQuantity: contracts.cancelledQuantity,
  pricedQuantity: contracts.pricedQuantity,
  deliveryStart: contracts.deliveryStart,
  deliveryEnd: contracts.deliveryEnd,
  optionMonth: contracts.optionMonth,
  futuresPrice: contracts.futuresPrice,
  basis: contracts.basis,
  cashPrice: contracts.cashPrice,
  priceStatus: contracts.priceStatus,
  offerPrice: contracts.offerPrice,
  strike: contracts.strike,
  callOptionFee: contracts.callOptionFee,
  expiration: contracts.expiration,
  description: contracts.description,
  specialty: contracts.specialty,
  mpOption: contracts.mpOption,
  esignEligible: contracts.esignEligible,
  esignSent: contracts.esignSent,
  signed: contracts.signed,
  signedTermsHash: contracts.signedTermsHash,
  termsHash: contracts.termsHash,
  contractDate: contracts.contractDate,
  lastTicketDate: contracts.lastTicketDate,
};

export const contractFields = {
  ...contractRecordFields,
  quantityUnit: contracts.quantityUnit,
  version: contracts.version,
  ...clientFields,
};

const ticketFields = {
  id: scaleTickets.id,
  clientId: scaleTickets.clientId,
  marketId: scaleTickets.marketId,
  cropId: scaleTickets.cropId,
  cropYear: scaleTickets.cropYear,
  displayScaleTicketId: scaleTickets.displayScaleTicketId,
  deliveryDate: scaleTickets.deliveryDate,
  quantity: scaleTickets.quantity,
  weight: scaleTickets.weight,
  appliedQuantity: scaleTickets.appliedQuantity,
  unappliedQuantity: scaleTickets.unappliedQuantity,
  moisture: scaleTickets.moisture,
  testWeight: scaleTickets.testWeight,
  foreignMaterial: scaleTickets.foreignMaterial,
  damage: scaleTickets.damage,
  ...clientFields,
};

export type ContractRowData = ContractRecord & { client: ClientRecord; quantityUnit: string; version: number };
export type TicketRowData = ScaleTicketRecord & { client: ClientRecord };
const ID_CHUNK = 1000;

async function inChunks<T>(ids: number[], load: (chunk: number[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += ID_CHUNK) out.push(...(await load(ids.slice(i, i + ID_CHUNK))));
  return out;
}

/** The rows of some ids (the second phase), in the order of `ids`. */
export async function contractRowsByIds(db: Db, ids: number[]): Promise<ContractRowData[]> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .select(contractFields)
      .from(contracts)
      .innerJoin(legalEntities, eq(legalEntities.id, contracts.clientId))
      .where(inArray(contracts.id, chunk)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is ContractRowData => r !== undefined);
}

export async function ticketRowsByIds(db: Db, ids: number[]): Promise<TicketRowData[]> {
  const rows = await inChunks(ids, (chunk) =>
    db
      .select(ticketFields)
      .from(scaleTickets)
      .innerJoin(legalEntities, eq(legalEntities.id, scaleTickets.clientId))
      .where(inArray(scaleTickets.id, chunk)),
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TicketRowData => r !== undefined);
}

// ---------------------------------------------------------------------------------------------------
// Lists as JSON text: the page's rows built by PostgreSQL, passed through to the response unparsed

/** The domain's crop display names by id (cropById), as one jsonb parameter. */
const CROP_NAMES = JSON.stringify(Object.fromEntries(CROPS.map((c) => [String(c.id), c.displayName])));

/** decimalString(toDecimal(x)) in SQL: plain notation, trailing zeros dropped, '0' for zero; NULL stays NULL. */
const dec = (x: SQL) => sql`trim_scale(${x})::text`;

export type ContractRowsOptions = { today: string; timeZone: string; withDocument: boolean; withAmendment: boolean };

/**
 * The list rows (contractListRowSchema, its keys in its order) of the contracts of a bigint[] expression,
 * in its order, as one JSON array text (a scalar SQL expression) — what the domain's contractListRow gives for each (the tests compare the two
 * row by row, byte for byte): quantities as decimal strings (open = max(quantity − cancelled, 0);
 * undelivered and unpriced never below 0), days counted from the market's `today`, the current document
 * (latest not void; its day in the market's zone) and the latest amendment only when asked (the view
 * shows them; otherwise null, as buildRows leaves them). inTheMoney is null: no futures quotes are
 * stored (contractListRow's marketFutures is null), as everywhere else.
 */
export function contractRowsJsonSql(ids: SQL, o: ContractRowsOptions): SQL {
  const today = sql`${o.today}::date`;
  const open = sql`greatest(c.quantity - c.cancelled_quantity, 0)`;
  const doc = o.withDocument
    ? sql`left join lateral (select true as found, d.file_name, d.status, (d.created_at at time zone ${o.timeZone}::text)::date as created_on from contract_documents d where d.contract_id = c.id and d.status <> 'void' order by d.created_at desc, d.id desc limit 1) doc on true`
    : sql`left join lateral (select null::boolean as found, null::text as file_name, null::text as status, null::date as created_on) doc on true`;
  const amendment = o.withAmendment
    ? sql`left join lateral (select a.display_contract_amendment_id as display_id from contract_amendments a where a.contract_id = c.id order by a.created_at desc, a.id desc limit 1) am on true`
    : sql`left join lateral (select null::text as display_id) am on true`;
  return sql`(
    select '[' || coalesce(string_agg(j.row, ',' order by p.ord), '') || ']'
    from unnest(${ids}) with ordinality as p(id, ord)
    join contracts c on c.id = p.id
    join legal_entities le on le.id = c.client_id
    ${doc}
    ${amendment}
    cross join lateral (select row_to_json(r)::text as row from (select
      'contract'::text as "kind", c.id as "id", c.client_id as "clientId", c.market_id as "marketId", c.crop_id as "cropId",
      c.contract_type as "contractType", le.name as "client", c.status as "contractStatus", ${dec(sql`c.quantity`)} as "quantity",
      c.quantity_unit as "quantityUnit", c.delivery_start as "deliveryStartIsoStr", c.delivery_end as "deliveryEndIsoStr",
      c.delivery_start::text || '/' || c.delivery_end::text as "delivery", c.price_status as "priceStatus",
      ${dec(sql`c.futures_price`)} as "averageFutures", ${dec(sql`c.basis`)} as "averageBasis", ${dec(sql`c.cash_price`)} as "averageCash",
      ${dec(sql`c.delivered_quantity`)} as "deliveredQuantity", c.option_month as "optionMonth",
      ${dec(sql`greatest(${open} - c.delivered_quantity, 0)`)} as "undeliveredQuantity", c.expiration as "expiration",
      c.expiration - ${today} as "expirationDay", null::boolean as "inTheMoney",
      case when c.contract_type = 'pp' then greatest(0, least(coalesce(c.expiration, c.delivery_end), ${today}) - c.contract_date) end as "daysAccumulated",
      ${dec(sql`c.offer_price`)} as "offerPrice", c.last_ticket_date as "lastTicketDate", ${dec(sql`c.strike`)} as "strike",
      ${dec(sql`c.call_option_fee`)} as "callOptionFee", doc.file_name as "document", c.contract_date as "date",
      case when doc.found and not c.signed and doc.status <> 'signed' then greatest(0, ${today} - doc.created_on) end as "outstanding",
      c.description as "description", c.esign_eligible as "eSignEligible", c.esign_sent as "eSignSent", c.signed as "signed",
      null::text as "scaleTicketNum", null::bigint as "scaleTicketId", null::date as "deliveryDate", null::text as "relationship",
      null::text as "splitPct", null::text as "split", null::text as "weight", null::text as "actualUnapplied", null::text as "actualApplied",
      null::text as "average", null::text as "deliveryCombo",
      coalesce(${CROP_NAMES}::jsonb ->> c.crop_id::text, c.crop_id::text) as "commodity", c.specialty as "specialty",
      ${dec(sql`greatest(${open} - c.priced_quantity, 0)`)} as "unpricedQuantity", c.mp_option as "mpOption",
      null::text as "moisture", null::text as "testWeight", null::text as "foreignMaterial", null::text as "damage",
      c.crop_year as "cropYear", c.display_contract_id as "displayContractId", am.display_id as "displayContractAmendmentId",
      null::text as "displayScaleTicketId", ${dec(sql`c.cancelled_quantity`)} as "cancelledQuantity"
    ) r) j)`;
}

/** The list rows (scaleTicketListRow without the average) of the scale tickets of a bigint[] expression, in its order, as one JSON array text. */
export function ticketRowsJsonSql(ids: SQL): SQL {
  return sql`(
    select '[' || coalesce(string_agg(j.row, ',' order by p.ord), '') || ']'
    from unnest(${ids}) with ordinality as p(id, ord)
    join scale_tickets t on t.id = p.id
    join legal_entities le on le.id = t.client_id
    cross join lateral (select row_to_json(r)::text as row from (select
      'scaleTicket'::text as "kind", t.id as "id", t.client_id as "clientId", t.market_id as "marketId", t.crop_id as "cropId",
      null::text as "contractType", le.name as "client", null::text as "contractStatus", ${dec(sql`t.quantity`)} as "quantity",
      'bushels'::text as "quantityUnit", null::date as "deliveryStartIsoStr", null::date as "deliveryEndIsoStr", null::text as "delivery",
      null::text as "priceStatus", null::text as "averageFutures", null::text as "averageBasis", null::text as "averageCash",
      null::text as "deliveredQuantity", null::text as "optionMonth", null::text as "undeliveredQuantity", null::date as "expiration",
      null::int as "expirationDay", null::boolean as "inTheMoney", null::int as "daysAccumulated", null::text as "offerPrice",
      null::date as "lastTicketDate", null::text as "strike", null::text as "callOptionFee", null::text as "document",
      t.delivery_date as "date", null::int as "outstanding", null::text as "description", null::boolean as "eSignEligible",
      null::boolean as "eSignSent", null::boolean as "signed", t.display_scale_ticket_id as "scaleTicketNum", t.id as "scaleTicketId",
      t.delivery_date as "deliveryDate", null::text as "relationship", null::text as "splitPct", null::text as "split",
      ${dec(sql`t.weight`)} as "weight", ${dec(sql`t.unapplied_quantity`)} as "actualUnapplied", ${dec(sql`t.applied_quantity`)} as "actualApplied",
      null::text as "average", null::text as "deliveryCombo", coalesce(${CROP_NAMES}::jsonb ->> t.crop_id::text, t.crop_id::text) as "commodity",
      null::text as "specialty", null::text as "unpricedQuantity", null::text as "mpOption", ${dec(sql`t.moisture`)} as "moisture",
      ${dec(sql`t.test_weight`)} as "testWeight", ${dec(sql`t.foreign_material`)} as "foreignMaterial", ${dec(sql`t.damage`)} as "damage",
      t.crop_year as "cropYear", null::text as "displayContractId", null::text as "displayContractAmendmentId",
      t.display_scale_ticket_id as "displayScaleTicketId", null::text as "cancelledQuantity"
    ) r) j)`;
}

export type DocumentExtra = {
  contractId: number;
  fileName: string;
  status: 'draft' | 'sent' | 'signed' | 'void';
  createdOn: string;
};

/** Each contract's current document (its latest that is not void), with its creation day in `timeZone`. */
export async function currentDocuments(
  db: Db,
  contractIds: number[],
  timeZone: string,
): Promise<Map<number, DocumentExtra>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([contractDocuments.contractId], {
      contractId: contractDocuments.contractId,
      fileName: contractDocuments.fileName,
      status: contractDocuments.status,
      createdOn: sql<string>`((${contractDocuments.createdAt} at time zone ${timeZone}::text)::date)::text`,
    })
    .from(contractDocuments)
    .where(and(inArray(contractDocuments.contractId, contractIds), ne(contractDocuments.status, 'void')))
    .orderBy(contractDocuments.contractId, desc(contractDocuments.createdAt), desc(contractDocuments.id));
  // contractIds are contracts: no row of an enrolment's document (null contract) is read.
  return new Map(rows.map((r) => [r.contractId!, { ...r, contractId: r.contractId! }]));
}

/** Each contract's latest amendment display id. */
export async function latestAmendmentIds(db: Db, contractIds: number[]): Promise<Map<number, string>> {
  if (contractIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([contractAmendments.contractId], {
      contractId: contractAmendments.contractId,
      displayId: contractAmendments.displayContractAmendmentId,
    })
    .from(contractAmendments)
    .where(inArray(contractAmendments.contractId, contractIds))
    .orderBy(contractAmendments.contractId, desc(contractAmendments.createdAt), desc(contractAmendments.id));
  return new Map(rows.map((r) => [r.contractId, r.displayId]));
}

/** The applications of some tickets with the cash price of the contract each went to. */
export async function ticketApplicationPrices(
  db: Db,
  ticketIds: number[],
): Promise<{ scaleTicketId: number; quantity: string; cashPrice: string | null }[]> {
  if (ticketIds.length === 0) return [];
  return db
    .select({
      scaleTicketId: ticketApplications.scaleTicketId,
      quantity: ticketApplications.quantity,
      cashPrice: contracts.cashPrice,
    })
    .from(ticketApplications)
    .innerJoin(contracts, eq(contracts.id, ticketApplications.contractId))
    .where(inArray(ticketApplications.scaleTicketId, ticketIds));
}

/** Option months of a market's contracts (the list filter), optionally of some crops and years. */
export async function distinctOptionMonths(
  db: Db,
  partnerId: string,
  marketId: number,
  cropIds: number[],
  cropYears: number[],
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ optionMonth: contracts.optionMonth })
    .from(contracts)
    .where(
      and(
        eq(contracts.partnerId, partnerId),
        eq(contracts.marketId, marketId),
        sql`${contracts.optionMonth} is not null`,
        cropIds.length > 0 ? inArray(contracts.cropId, cropIds) : undefined,
        cropYears.length > 0 ? inArray(contracts.cropYear, cropYears) : undefined,
      ),
    )
    .orderBy(asc(contracts.optionMonth));
  return rows.map((r) => r.optionMonth).filter((m): m is string => m !== null);
}
