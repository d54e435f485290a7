// Writing contracts (decision 040): the partner's contract number sequence, the contract row with its first pricing
// events and splits, the row locked for an edit, and the amendment an edit after sending for signature writes.

import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AmendmentTermsSnapshot } from '@granary/domain';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  contractAmendments,
  contractNumberSequences,
  contractSplits,
  contracts,
  crops,
  legalEntities,
  pricingEvents,
} from '../../db/schema/index.ts';

/**
 * The partner's next contract number, from its sequence row taken `for update` (so concurrent writers wait for each
 * other and get distinct numbers; a write that fails rolls its number back with it). The first use starts the
 * sequence after the partner's highest `C-` number. Filled offers number their contracts by the highest number under
 * a per-partner advisory lock (offers module): taking the same lock and skipping a number already used keeps the two
 * writers from ever sharing a number.
 */
export async function nextContractNumber(db: Db, partnerId: string): Promise<string> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`contract-number:${partnerId}`}, 0))`);
  let [seq] = await lockSequence(db, partnerId);
  if (!seq) {
    await db.execute(sql`
      insert into contract_number_sequences (partner_id, next_number, prefix)
      select ${partnerId}, coalesce(max(substring(display_contract_id from 3)::bigint), 100000) + 1, 'C-'
      from contracts where partner_id = ${partnerId} and display_contract_id ~ '^C-[0-9]{1,15}$'
      on conflict (partner_id) do nothing`);
    [seq] = await lockSequence(db, partnerId);
    if (!seq) throw new Error('contract number sequence not created');
  }
  let n = seq.nextNumber;
  while (await numberTaken(db, partnerId, `${seq.prefix}${n}`)) n += 1;
  await db
    .update(contractNumberSequences)
    .set({ nextNumber: n + 1 })
    .where(eq(contractNumberSequences.partnerId, partnerId));
  return `${seq.prefix}${n}`;
}

function lockSequence(db: Db, partnerId: string) {
  return db
    .select({ nextNumber: contractNumberSequences.nextNumber, prefix: contractNumberSequences.prefix })
    .from(contractNumberSequences)
    .where(eq(contractNumberSequences.partnerId, partnerId))
    .for('update');
}

async function numberTaken(db: Db, partnerId: string, display: string): Promise<boolean> {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.partnerId, partnerId), eq(contracts.displayContractId, display)))
    .limit(1);
  return rows.length > 0;
}

/** Starts (or moves forward) each partner's sequence past its contracts' numbers: the demo seed calls it. */
export async function syncContractNumberSequences(db: Db): Promise<void> {
  await db.execute(sql`
    insert into contract_number_sequences (partner_id, next_number, prefix)
    select partner_id, max(substring(display_contract_id from 3)::bigint) + 1, 'C-'
    from contracts where display_contract_id ~ '^C-[0-9]{1,15}$' group by partner_id
    on conflict (partner_id) do update set next_number = greatest(contract_number_sequences.next_number, excluded.next_number)`);
}

export async function cropExists(db: Db, cropId: number): Promise<boolean> {
  const rows = await db.select({ id: crops.id }).from(crops).where(eq(crops.id, cropId));
  return rows.length > 0;
}

/** The ids among `ids` that are clients of the partner. */
export async function partnerClientIds(db: Db, partnerId: string, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: legalEntities.id })
    .from(legalEntities)
    .where(
      and(
        eq(legalEntities.partnerId, partnerId),
        eq(legalEntities.kind, 'client'),
        inArray(legalEntities.id, [...ids]),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

export async function clientEsignEligible(db: Db, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ v: legalEntities.esignEligible })
    .from(legalEntities)
    .where(eq(legalEntities.id, clientId));
  return row?.v ?? false;
}

export type NewContractRow = typeof contracts.$inferInsert;
export type EventRow = {
  quantity: string;
  futuresPrice: string | null;
  basis: string | null;
  cashPrice: string | null;
};

export async function insertContract(db: Db, values: NewContractRow): Promise<{ id: number; version: number }> {
  const [row] = await db.insert(contracts).values(values).returning({ id: contracts.id, version: contracts.version });
  if (!row) throw new Error('contract insert returned nothing');
  return row;
}

export async function insertPricingEvents(db: Db, contractId: number, events: readonly EventRow[], at: Date) {
  if (events.length === 0) return;
  await db.insert(pricingEvents).values(events.map((e) => ({ ...e, contractId, pricedAt: at })));
}

export async function replacePricingEvents(db: Db, contractId: number, events: readonly EventRow[], at: Date) {
  await db.delete(pricingEvents).where(eq(pricingEvents.contractId, contractId));
  await insertPricingEvents(db, contractId, events, at);
}

export async function listEvents(db: Db, contractId: number): Promise<EventRow[]> {
  return db
    .select({
      quantity: pricingEvents.quantity,
      futuresPrice: pricingEvents.futuresPrice,
      basis: pricingEvents.basis,
      cashPrice: pricingEvents.cashPrice,
    })
    .from(pricingEvents)
    .where(eq(pricingEvents.contractId, contractId))
    .orderBy(asc(pricingEvents.pricedAt), asc(pricingEvents.id));
}

export async function replaceSplits(
  db: Db,
  contractId: number,
  splits: readonly { clientId: number; pct: string }[],
): Promise<void> {
  await db.delete(contractSplits).where(eq(contractSplits.contractId, contractId));
  if (splits.length > 0) await db.insert(contractSplits).values(splits.map((s) => ({ contractId, ...s })));
}

export async function listSplits(db: Db, contractId: number) {
  return db
    .select({ clientId: contractSplits.clientId, clientName: legalEntities.name, pct: contractSplits.pct })
    .from(contractSplits)
    .innerJoin(legalEntities, eq(legalEntities.id, contractSplits.clientId))
    .where(eq(contractSplits.contractId, contractId))
    .orderBy(asc(contractSplits.pct), asc(contractSplits.clientId));
}

const writableFields = {
  id: contracts.id,
  partnerId: contracts.partnerId,
  clientId: contracts.clientId,
  marketId: contracts.marketId,
  displayContractId: contracts.displayContractId,
  contractType: contracts.contractType,
  direction: contracts.direction,
  cropId: contracts.cropId,
  cropYear: contracts.cropYear,
  status: contracts.status,
  quantity: contracts.quantity,
  quantityUnit: contracts.quantityUnit,
  deliveredQuantity: contracts.deliveredQuantity,
  cancelledQuantity: contracts.cancelledQuantity,
  pricedQuantity: contracts.pricedQuantity,
  priceStatus: contracts.priceStatus,
  deliveryStart: contracts.deliveryStart,
  deliveryEnd: contracts.deliveryEnd,
  optionMonth: contracts.optionMonth,
  futuresPrice: contracts.futuresPrice,
  basis: contracts.basis,
  cashPrice: contracts.cashPrice,
  offerPrice: contracts.offerPrice,
  strike: contracts.strike,
  callOptionFee: contracts.callOptionFee,
  expiration: contracts.expiration,
  mpOption: contracts.mpOption,
  pricingPeriodStart: contracts.pricingPeriodStart,
  pricingPeriodEnd: contracts.pricingPeriodEnd,
  paymentTerms: contracts.paymentTerms,
  program: contracts.program,
  description: contracts.description,
  contractDate: contracts.contractDate,
  esignEligible: contracts.esignEligible,
  esignSent: contracts.esignSent,
  version: contracts.version,
};
function writableQuery(db: Db, partnerId: string, contractId: number) {
  return db
    .select(writableFields)
    .from(contracts)
    .where(and(eq(contracts.id, contractId), eq(contracts.partnerId, partnerId)));
}
export type WritableContract = Awaited<ReturnType<typeof writableQuery>>[number];

/** The partner's contract `contractId`, locked until the transaction ends when `lock`. */
export async function findWritableContract(
  db: Db,
  partnerId: string,
  contractId: number,
  lock: boolean,
): Promise<WritableContract | null> {
  const q = writableQuery(db, partnerId, contractId);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export type ContractPatch = Partial<NewContractRow>;

/** Writes the new terms when the row is still at `version`; false when someone changed it first. */
export async function updateContract(db: Db, id: number, version: number, patch: ContractPatch): Promise<boolean> {
  const rows = await db
    .update(contracts)
    .set({ ...patch, version: sql`${contracts.version} + 1`, updatedAt: new Date() })
    .where(and(eq(contracts.id, id), eq(contracts.version, version)))
    .returning({ id: contracts.id });
  return rows.length === 1;
}

const SNAPSHOT_TEXT = {
  contractType: 'contract_type',
  quantity: 'quantity',
  quantityUnit: 'quantity_unit',
  cancelledQuantity: 'cancelled_quantity',
  pricedQuantity: 'priced_quantity',
  priceStatus: 'price_status',
  deliveryStart: 'delivery_start',
  deliveryEnd: 'delivery_end',
  optionMonth: 'option_month',
  futuresPrice: 'futures_price',
  basis: 'basis',
  cashPrice: 'cash_price',
  offerPrice: 'offer_price',
  strike: 'strike',
  callOptionFee: 'call_option_fee',
  expiration: 'expiration',
  mpOption: 'mp_option',
  paymentTerms: 'payment_terms',
  program: 'program',
  pricingPeriodStart: 'pricing_period_start',
  pricingPeriodEnd: 'pricing_period_end',
  deferredPaymentDate: 'deferred_payment_date',
  termsHash: 'terms_hash',
} as const satisfies Record<keyof AmendmentTermsSnapshot, string>;

/**
 * The contract's terms as its row stands now, as an amendment keeps them (`terms_snapshot`): a sub-select written in
 * the amendment's insert, so it reads the row the same transaction has just changed. Decimals and days as text
 * (exact: a JSON number would go through binary floating point).
 */
export function termsSnapshotOf(contractId: number): SQL {
  const pairs = Object.entries(SNAPSHOT_TEXT).map(([key, column]) => sql`${key}::text, c.${sql.raw(column)}::text`);
  return sql`(select jsonb_build_object(${sql.join(pairs, sql`, `)}) from contracts c where c.id = ${contractId})`;
}

/** An amendment `<number>-A<n>` (n: the contract's amendments so far + 1, as the contract operations number them). */
export async function insertNumberedAmendment(
  db: Db,
  row: {
    contractId: number;
    displayContractId: string;
    action: string;
    details: Record<string, unknown>;
    createdBy: string;
  },
): Promise<{ id: number; displayContractAmendmentId: string }> {
  const counted = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from contract_amendments where contract_id = ${row.contractId}`,
  );
  const n = Number(rowsOf<{ n: number }>(counted)[0]?.n ?? 0) + 1;
  const [inserted] = await db
    .insert(contractAmendments)
    .values({
      contractId: row.contractId,
      displayContractAmendmentId: `${row.displayContractId}-A${n}`,
      action: row.action,
      details: row.details,
      termsSnapshot: termsSnapshotOf(row.contractId),
      createdBy: row.createdBy,
    })
    .returning({
      id: contractAmendments.id,
      displayContractAmendmentId: contractAmendments.displayContractAmendmentId,
    });
  if (!inserted) throw new Error('amendment insert returned nothing');
  return inserted;
}
