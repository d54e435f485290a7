// The nightly observation's reads and writes (issue 18 'Booking and life of a structure', decision 062 'Nightly
// observation'): the live structures' symbols and how far back their settlements are needed, the settlements, a batch
// of live structures locked for update, and the batch's writes in a few statements each (observations, states, audit
// records) — never a round trip per structure. The HTA contract written at the end is numbered by the caller
// (contract writing's nextContractNumber) and inserted here with its pricing event, as a filled offer's contract is.

import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StructureState, StructureTerms } from '@granary/scs-engine';
import { rowsOf, type Db } from '../../platform/db.ts';
import {
  auditLog,
  contracts,
  crops,
  legalEntities,
  markets,
  pricingEvents,
  structureObservations,
  structures,
} from '../../db/schema/index.ts';

/** The statuses a structure is observed in: live, and live with a close requested (it goes on until approved). */
const observedStatus = sql`${structures.status} in ('live', 'close_requested')`;

/**
 * The symbols of the observed structures (all, or those of `symbols`) and, for each, the earliest day whose settlement
 * may still be needed: the earliest `observedThrough` among them (the day before the start when none is observed yet).
 */
export async function observedSymbols(
  db: Db,
  symbols: readonly string[] | null,
): Promise<{ symbol: string; from: string }[]> {
  if (symbols && symbols.length === 0) return [];
  const rows = rowsOf<{ symbol: string; from: string }>(
    await db.execute(sql`
      select futures_symbol as symbol,
        min(coalesce(state->>'observedThrough', to_char(start_date - 1, 'YYYY-MM-DD'))) as "from"
      from structures
      where ${observedStatus}${
        symbols
          ? sql` and futures_symbol in (${sql.join(
              symbols.map((s) => sql`${s}`),
              sql`, `,
            )})`
          : sql``
      }
      group by futures_symbol`),
  );
  return rows.map((r) => ({ symbol: r.symbol, from: r.from }));
}

export type SettleRow = { symbol: string; price: string; source: string; quotedAt: Date; id: number };

/** The settlement history rows of the symbols from an instant on, oldest first (a day's later row wins). */
export async function settlementsSince(db: Db, symbols: readonly string[], from: Date): Promise<SettleRow[]> {
  if (symbols.length === 0) return [];
  const rows = rowsOf<{ symbol: string; price: string; source: string; quoted_at: string | Date; id: string | number }>(
    await db.execute(sql`
      select symbol, price, source, quoted_at, id from quote_history
      where kind = 'settle' and symbol in (${sql.join(
        symbols.map((s) => sql`${s}`),
        sql`, `,
      )}) and quoted_at >= ${from.toISOString()}::timestamptz
      order by quoted_at, id`),
  );
  return rows.map((r) => ({
    symbol: r.symbol,
    price: String(r.price),
    source: r.source,
    quotedAt: new Date(r.quoted_at),
    id: Number(r.id),
  }));
}

export type LiveStructure = {
  id: number;
  futuresSymbol: string;
  status: string;
  terms: StructureTerms;
  state: StructureState;
  version: number;
};

/**
 * The next batch of observed structures of the symbols after `afterId` (id order), locked for update, skipping those
 * already observed through their symbol's latest settlement day (`latest`: symbol → day; nothing new for them).
 * Locking in id order keeps two runs (two processes) from deadlocking; the second finds the states advanced.
 */
export async function lockObservedBatch(
  db: Db,
  latest: ReadonlyMap<string, string>,
  afterId: number,
  limit: number,
): Promise<{ rows: LiveStructure[]; lastId: number | null }> {
  const symbols = [...latest.keys()];
  if (symbols.length === 0) return { rows: [], lastId: null };
  // The page is the ids first (a narrow read), then the rows that still have something to observe.
  const ids = rowsOf<{ id: number }>(
    await db.execute(sql`
      select id from structures
      where ${observedStatus} and id > ${afterId} and futures_symbol in (${sql.join(
        symbols.map((s) => sql`${s}`),
        sql`, `,
      )})
      order by id limit ${limit}`),
  ).map((r) => Number(r.id));
  if (ids.length === 0) return { rows: [], lastId: null };
  const rows = await db
    .select({
      id: structures.id,
      futuresSymbol: structures.futuresSymbol,
      status: structures.status,
      terms: structures.terms,
      state: structures.state,
      version: structures.version,
    })
    .from(structures)
    .where(
      and(
        inArray(structures.id, ids),
        observedStatus,
        sql`coalesce(${structures.state}->>'observedThrough', '') < (case ${structures.futuresSymbol} ${sql.join(
          symbols.map((s) => sql`when ${s} then ${latest.get(s)!}`),
          sql` `,
        )} end)`,
      ),
    )
    .orderBy(structures.id)
    .for('update');
  return { rows, lastId: ids[ids.length - 1]! };
}

export type ObservationRow = typeof structureObservations.$inferInsert;

/** The batch's observations in one statement; a day already recorded stays as it was (UNIQUE structure × date). */
export async function insertObservations(db: Db, rows: readonly ObservationRow[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db
    .insert(structureObservations)
    .values([...rows])
    .onConflictDoNothing()
    .returning({ id: structureObservations.structureId });
  return inserted.length;
}

/** The batch's new states in one statement (version + 1), each only if its version is still the one read. */
export async function updateStates(
  db: Db,
  rows: readonly { id: number; version: number; state: StructureState }[],
  now: Date,
): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await db.execute(sql`
    update structures s set state = v.state, version = s.version + 1, updated_at = ${now.toISOString()}::timestamptz
    from (values ${sql.join(
      rows.map((r) => sql`(${r.id}::int, ${r.version}::int, ${JSON.stringify(r.state)}::jsonb)`),
      sql`, `,
    )}) as v(id, version, state)
    where s.id = v.id and s.version = v.version
    returning s.id`);
  return rowsOf(result).length;
}

/** Audit records of the job (no person, no request) in one statement. */
export async function insertAuditRecords(
  db: Db,
  rows: readonly { action: string; targetType: string; targetId: string; details: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(auditLog).values(
    rows.map((r) => ({
      actorUserId: null,
      action: r.action,
      targetType: r.targetType,
      targetId: r.targetId,
      details: r.details,
    })),
  );
}

/** A structure with what its HTA contract needs, locked for update (in the caller's transaction). */
export async function lockStructureForHta(db: Db, structureId: number) {
  const [row] = await db
    .select({
      id: structures.id,
      partnerId: structures.partnerId,
      marketId: structures.marketId,
      clientId: structures.clientLegalEntityId,
      status: structures.status,
      kind: structures.kind,
      side: structures.side,
      name: structures.name,
      cropId: structures.cropId,
      cropYear: structures.cropYear,
      futuresSymbol: structures.futuresSymbol,
      optionMonth: structures.optionMonth,
      startDate: structures.startDate,
      endDate: structures.endDate,
      fee: structures.fee,
      terms: structures.terms,
      state: structures.state,
      htaContractId: structures.htaContractId,
      version: structures.version,
    })
    .from(structures)
    .where(eq(structures.id, structureId))
    .for('update');
  if (!row) return null;
  const [extra] = await db
    .select({
      timezone: markets.timezone,
      esignEligible: legalEntities.esignEligible,
      cropName: crops.name,
    })
    .from(markets)
    .innerJoin(legalEntities, eq(legalEntities.id, row.clientId))
    .innerJoin(crops, eq(crops.id, row.cropId))
    .where(eq(markets.id, row.marketId));
  return {
    ...row,
    timezone: extra?.timezone ?? 'America/Chicago',
    esignEligible: extra?.esignEligible ?? false,
    cropName: extra?.cropName ?? '',
  };
}
export type StructureForHta = NonNullable<Awaited<ReturnType<typeof lockStructureForHta>>>;

/** The display number of a contract. */
export async function contractNumberOf(db: Db, contractId: number): Promise<string | null> {
  const [row] = await db.select({ n: contracts.displayContractId }).from(contracts).where(eq(contracts.id, contractId));
  return row?.n ?? null;
}

/** The HTA contract and its one pricing event (futures fixed on the whole quantity, the basis to be set later). */
export async function insertHtaContract(
  db: Db,
  values: typeof contracts.$inferInsert,
  pricing: { quantity: string; futuresPrice: string; at: Date },
): Promise<{ id: number; displayContractId: string }> {
  const [row] = await db
    .insert(contracts)
    .values(values)
    .returning({ id: contracts.id, displayContractId: contracts.displayContractId });
  if (!row) throw new Error('contract insert returned nothing');
  await db.insert(pricingEvents).values({
    contractId: row.id,
    quantity: pricing.quantity,
    futuresPrice: pricing.futuresPrice,
    basis: null,
    cashPrice: null,
    pricedAt: pricing.at,
  });
  return row;
}

/** Links the structure to its HTA contract (status and version are the caller's to change). */
export async function linkHtaContract(db: Db, structureId: number, contractId: number, now: Date): Promise<void> {
  await db.update(structures).set({ htaContractId: contractId, updatedAt: now }).where(eq(structures.id, structureId));
}

/** Sets a structure's columns after its end (version + 1); false when its version moved. */
export async function finishStructure(
  db: Db,
  id: number,
  version: number,
  patch: Partial<typeof structures.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(structures)
    .set({ ...patch, version: sql`${structures.version} + 1` })
    .where(and(eq(structures.id, id), eq(structures.version, version)))
    .returning({ id: structures.id });
  return rows.length > 0;
}
