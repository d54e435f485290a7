// The contract list row (grain-marketing.md 3 'Contract list row'): one zod schema shared by the server
// (response validation) and the web (parsing), for contracts and for scale tickets (the deliveries
// list shows ticket columns through the same row). camelCase; money and quantities as decimal strings;
// dates 'YYYY-MM-DD'. The builders derive the computed columns the same way on both sides.

import { z } from 'zod';
import type { ContractFacts, ScaleTicketFacts } from './conditions.ts';
import {
  CONTRACT_STATUSES,
  CONTRACT_TYPES,
  PRICE_STATUSES,
  contractQuantities,
  daysAccumulated,
  daysToExpiration,
  inTheMoney,
} from './contracts.ts';
import { cropById } from './crops.ts';
import { daysBetween, decimalString, decimalStringSchema, isoDateSchema, toDecimal } from './exact.ts';

/** Decimal strings as the rows carry them: '4.1200' → '4.12', '5000.0000' → '5000'. */
function norm(value: string | null): string | null {
  return value === null ? null : decimalString(toDecimal(value));
}

const decimal = decimalStringSchema.nullable();
const day = isoDateSchema.nullable();

export const ROW_KINDS = ['contract', 'scaleTicket'] as const;
export type RowKind = (typeof ROW_KINDS)[number];

export const contractListRowSchema = z.object({
  // Identity (beyond the spec's column list: rows need keys, links and the keyset cursor).
  kind: z.enum(ROW_KINDS),
  /** contracts.id, or scale_tickets.id for a ticket row. */
  id: z.number().int(),
  clientId: z.number().int(),
  marketId: z.number().int(),
  cropId: z.number().int(),

  // The spec's columns, in its order.
  contractType: z.enum(CONTRACT_TYPES).nullable(),
  /** The client's name. */
  client: z.string(),
  contractStatus: z.enum(CONTRACT_STATUSES).nullable(),
  quantity: decimalStringSchema,
  quantityUnit: z.string(),
  deliveryStartIsoStr: day,
  deliveryEndIsoStr: day,
  /** The delivery period as an ISO 8601 interval 'start/end' (the web formats it). */
  delivery: z.string().nullable(),
  priceStatus: z.enum(PRICE_STATUSES).nullable(),
  averageFutures: decimal,
  averageBasis: decimal,
  averageCash: decimal,
  deliveredQuantity: decimal,
  /** Futures month 'YYYY-MM'. */
  optionMonth: z.string().nullable(),
  undeliveredQuantity: decimal,
  expiration: day,
  /** Days from today to the expiration (0 on the day, negative after); sorts by expiration. */
  expirationDay: z.number().int().nullable(),
  inTheMoney: z.boolean().nullable(),
  daysAccumulated: z.number().int().nullable(),
  offerPrice: decimal,
  lastTicketDate: day,
  strike: decimal,
  callOptionFee: decimal,
  /** File name of the contract's current (not void) document. */
  document: z.string().nullable(),
  /** Contract date; a ticket's delivery date. */
  date: isoDateSchema,
  /** Days the current document has waited for a signature (since it was created); null once signed or without one. */
  outstanding: z.number().int().nullable(),
  description: z.string().nullable(),
  eSignEligible: z.boolean().nullable(),
  eSignSent: z.boolean().nullable(),
  signed: z.boolean().nullable(),
  scaleTicketNum: z.string().nullable(),
  scaleTicketId: z.number().int().nullable(),
  deliveryDate: day,
  /** How the client relates to a split ticket (owner, landlord, tenant); not kept by the schema yet. */
  relationship: z.string().nullable(),
  /** A ticket application's share (%) and quantity, when the row is one application of a split ticket. */
  splitPct: decimal,
  split: decimal,
  weight: decimal,
  actualUnapplied: decimal,
  actualApplied: decimal,
  /** Quantity-weighted average cash price of the contracts a ticket was applied to. */
  average: decimal,
  /** Reserved (a combined delivery label); null. */
  deliveryCombo: z.string().nullable(),
  /** The crop's display name ('Corn'). */
  commodity: z.string(),
  specialty: z.string().nullable(),
  unpricedQuantity: decimal,
  mpOption: z.string().nullable(),
  moisture: decimal,
  testWeight: decimal,
  foreignMaterial: decimal,
  damage: decimal,
  cropYear: z.number().int(),
  displayContractId: z.string().nullable(),
  displayContractAmendmentId: z.string().nullable(),
  displayScaleTicketId: z.string().nullable(),
  cancelledQuantity: decimal,
});

export type ContractListRow = z.infer<typeof contractListRowSchema>;

/** The displayable columns (every row field but the identity fields). */
export const LIST_COLUMNS = [
  'contractType',
  'client',
  'contractStatus',
  'quantity',
  'quantityUnit',
  'deliveryStartIsoStr',
  'deliveryEndIsoStr',
  'delivery',
  'priceStatus',
  'averageFutures',
  'averageBasis',
  'averageCash',
  'deliveredQuantity',
  'optionMonth',
  'undeliveredQuantity',
  'expiration',
  'expirationDay',
  'inTheMoney',
  'daysAccumulated',
  'offerPrice',
  'lastTicketDate',
  'strike',
  'callOptionFee',
  'document',
  'date',
  'outstanding',
  'description',
  'eSignEligible',
  'eSignSent',
  'signed',
  'scaleTicketNum',
  'scaleTicketId',
  'deliveryDate',
  'relationship',
  'splitPct',
  'split',
  'weight',
  'actualUnapplied',
  'actualApplied',
  'average',
  'deliveryCombo',
  'commodity',
  'specialty',
  'unpricedQuantity',
  'mpOption',
  'moisture',
  'testWeight',
  'foreignMaterial',
  'damage',
  'cropYear',
  'displayContractId',
  'displayContractAmendmentId',
  'displayScaleTicketId',
  'cancelledQuantity',
] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];

export function isListColumn(value: unknown): value is ListColumn {
  return typeof value === 'string' && (LIST_COLUMNS as readonly string[]).includes(value);
}

/** English column headings (CSV export; the web uses its own message ids). */
export const LIST_COLUMN_LABELS: Readonly<Record<ListColumn, string>> = Object.freeze({
  contractType: 'Type',
  client: 'Client',
  contractStatus: 'Status',
  quantity: 'Quantity',
  quantityUnit: 'Unit',
  deliveryStartIsoStr: 'Delivery start',
  deliveryEndIsoStr: 'Delivery end',
  delivery: 'Delivery',
  priceStatus: 'Price status',
  averageFutures: 'Avg futures',
  averageBasis: 'Avg basis',
  averageCash: 'Avg cash',
  deliveredQuantity: 'Delivered',
  optionMonth: 'Option month',
  undeliveredQuantity: 'Undelivered',
  expiration: 'Expiration',
  expirationDay: 'Days to expiration',
  inTheMoney: 'In the money',
  daysAccumulated: 'Days accumulated',
  offerPrice: 'Offer price',
  lastTicketDate: 'Last ticket',
  strike: 'Strike',
  callOptionFee: 'Fee',
  document: 'Document',
  date: 'Date',
  outstanding: 'Days outstanding',
  description: 'Description',
  eSignEligible: 'E-sign eligible',
  eSignSent: 'E-sign sent',
  signed: 'Signed',
  scaleTicketNum: 'Ticket #',
  scaleTicketId: 'Ticket id',
  deliveryDate: 'Delivery date',
  relationship: 'Relationship',
  splitPct: 'Split %',
  split: 'Split',
  weight: 'Weight',
  actualUnapplied: 'Unapplied',
  actualApplied: 'Applied',
  average: 'Average',
  deliveryCombo: 'Delivery',
  commodity: 'Crop',
  specialty: 'Specialty',
  unpricedQuantity: 'Unpriced',
  mpOption: 'MP option',
  moisture: 'Moisture',
  testWeight: 'Test weight',
  foreignMaterial: 'Foreign material',
  damage: 'Damage',
  cropYear: 'Crop year',
  displayContractId: 'Contract #',
  displayContractAmendmentId: 'Amendment #',
  displayScaleTicketId: 'Ticket #',
  cancelledQuantity: 'Cancelled',
});

/** The list response: one page of rows, the total (at most MAX_TOTAL_ROWS), and the next page's token. */
export const contractListResponseSchema = z.object({
  rows: z.array(contractListRowSchema),
  /** Rows matching the query, counted up to MAX_TOTAL_ROWS (10,000). */
  totalCount: z.number().int().min(0),
  /** Token for page + 1; null on the last page (or when page + 1 would pass the 10,000th row). */
  paginationToken: z.string().nullable(),
  page: z.number().int().min(1),
  pageSize: z.number().int(),
});

export type ContractListResponse = z.infer<typeof contractListResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Builders

const EMPTY_ROW: Omit<
  ContractListRow,
  | 'kind'
  | 'id'
  | 'clientId'
  | 'marketId'
  | 'cropId'
  | 'client'
  | 'quantity'
  | 'quantityUnit'
  | 'date'
  | 'commodity'
  | 'cropYear'
> = {
  contractType: null,
  contractStatus: null,
  deliveryStartIsoStr: null,
  deliveryEndIsoStr: null,
  delivery: null,
  priceStatus: null,
  averageFutures: null,
  averageBasis: null,
  averageCash: null,
  deliveredQuantity: null,
  optionMonth: null,
  undeliveredQuantity: null,
  expiration: null,
  expirationDay: null,
  inTheMoney: null,
  daysAccumulated: null,
  offerPrice: null,
  lastTicketDate: null,
  strike: null,
  callOptionFee: null,
  document: null,
  outstanding: null,
  description: null,
  eSignEligible: null,
  eSignSent: null,
  signed: null,
  scaleTicketNum: null,
  scaleTicketId: null,
  deliveryDate: null,
  relationship: null,
  splitPct: null,
  split: null,
  weight: null,
  actualUnapplied: null,
  actualApplied: null,
  average: null,
  deliveryCombo: null,
  specialty: null,
  unpricedQuantity: null,
  mpOption: null,
  moisture: null,
  testWeight: null,
  foreignMaterial: null,
  damage: null,
  displayContractId: null,
  displayContractAmendmentId: null,
  displayScaleTicketId: null,
  cancelledQuantity: null,
};

export type ContractRowExtras = {
  /** Current futures price of the contract's option month (for inTheMoney); null when unknown. */
  marketFutures?: string | null;
  /** The contract's current document: file name, status and creation day. */
  document?: { fileName: string; status: 'draft' | 'sent' | 'signed' | 'void'; createdOn: string } | null;
  /** The latest amendment's display id. */
  displayContractAmendmentId?: string | null;
  quantityUnit?: string;
};

/** The list row of a contract, with every derived column computed here (today: the market's day). */
export function contractListRow(facts: ContractFacts, today: string, extras: ContractRowExtras = {}): ContractListRow {
  const q = contractQuantities(facts);
  const doc = extras.document && extras.document.status !== 'void' ? extras.document : null;
  return {
    ...EMPTY_ROW,
    kind: 'contract',
    id: facts.id,
    clientId: facts.clientId,
    marketId: facts.marketId,
    cropId: facts.cropId,
    contractType: facts.contractType,
    client: facts.client?.name ?? '',
    contractStatus: facts.status,
    quantity: q.quantity,
    quantityUnit: extras.quantityUnit ?? 'bushels',
    deliveryStartIsoStr: facts.deliveryStart,
    deliveryEndIsoStr: facts.deliveryEnd,
    delivery: `${facts.deliveryStart}/${facts.deliveryEnd}`,
    priceStatus: facts.priceStatus,
    averageFutures: norm(facts.futuresPrice),
    averageBasis: norm(facts.basis),
    averageCash: norm(facts.cashPrice),
    deliveredQuantity: q.delivered,
    optionMonth: facts.optionMonth,
    undeliveredQuantity: q.undelivered,
    expiration: facts.expiration,
    expirationDay: daysToExpiration(facts.expiration, today),
    inTheMoney: inTheMoney(facts, extras.marketFutures ?? null, today),
    daysAccumulated: daysAccumulated(facts, today),
    offerPrice: norm(facts.offerPrice),
    lastTicketDate: facts.lastTicketDate,
    strike: norm(facts.strike),
    callOptionFee: norm(facts.callOptionFee),
    document: doc?.fileName ?? null,
    date: facts.contractDate,
    outstanding:
      doc && !facts.signed && doc.status !== 'signed' ? Math.max(0, daysBetween(doc.createdOn, today)) : null,
    description: facts.description,
    eSignEligible: facts.esignEligible,
    eSignSent: facts.esignSent,
    signed: facts.signed,
    commodity: cropById(facts.cropId)?.displayName ?? String(facts.cropId),
    specialty: facts.specialty,
    unpricedQuantity: q.unpriced,
    mpOption: facts.mpOption,
    cropYear: facts.cropYear,
    displayContractId: facts.displayContractId,
    displayContractAmendmentId: extras.displayContractAmendmentId ?? null,
    cancelledQuantity: q.cancelled,
  };
}

/** The list row of a scale ticket (the deliveries list). */
export function scaleTicketListRow(
  facts: ScaleTicketFacts,
  extras: { quantityUnit?: string; average?: string | null } = {},
): ContractListRow {
  return {
    ...EMPTY_ROW,
    kind: 'scaleTicket',
    id: facts.id,
    clientId: facts.clientId,
    marketId: facts.marketId,
    cropId: facts.cropId,
    client: facts.client?.name ?? '',
    quantity: decimalString(toDecimal(facts.quantity)),
    quantityUnit: extras.quantityUnit ?? 'bushels',
    date: facts.deliveryDate,
    scaleTicketNum: facts.displayScaleTicketId,
    scaleTicketId: facts.id,
    deliveryDate: facts.deliveryDate,
    weight: norm(facts.weight),
    actualUnapplied: norm(facts.unappliedQuantity),
    actualApplied: norm(facts.appliedQuantity),
    average: norm(extras.average ?? null),
    commodity: cropById(facts.cropId)?.displayName ?? String(facts.cropId),
    moisture: norm(facts.moisture),
    testWeight: norm(facts.testWeight),
    foreignMaterial: norm(facts.foreignMaterial),
    damage: norm(facts.damage),
    cropYear: facts.cropYear,
    displayScaleTicketId: facts.displayScaleTicketId,
  };
}
