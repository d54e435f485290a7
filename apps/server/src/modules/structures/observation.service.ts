// The nightly observation of live structures (issue 18 'Booking and life of a structure', decisions 061 and 062
// 'Nightly observation'). For every observed structure (live, or live with a close requested) whose futures symbol has
// settlements for its observation dates after `state.observedThrough` up to today, the engine's `observe` applies each
// date in order with that date's settle; a date without a settlement stops the structure there (it waits for it,
// never skips it). Each date becomes a `structure_observations` row (UNIQUE structure × date: a re-run records
// nothing twice) and the new state and version are written in the same transaction, with an audit record per
// structure per run. The source says where the settle came from: 'feed' (the price feed), 'import' (the admin's quote
// import), or 'catch-up' when more than one day is applied at once.
// At the end — the last observation date observed, or a knock-out that leaves nothing more to price (with a guaranteed
// floor the structure goes on to its end date) — `finalize` gives the priced bushels and the HTA's futures price (the
// fee already off) and `writeStructureHta` writes the HTA contract; the structure is completed and the farmer told.
// Structures are read, computed and written in batches (a few statements per batch, never one round trip per
// structure): 10,000 structures for one settle is the budget of 60 s (bench/structures-observe.bench.ts).

import type { FastifyRequest } from 'fastify';
import {
  contractTermsText,
  cropYearOfDelivery,
  decimalString,
  exchangeClock,
  formatNumber,
  formatPrice,
  toDecimal,
  type ContractTerms,
} from '@granary/domain';
import {
  finalize,
  observe,
  type ObservationEvent,
  type StructureState,
  type StructureTerms,
} from '@granary/scs-engine';
import { audit } from '../../platform/audit.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { marketToday } from '../../platform/crm-access.ts';
import { nextContractNumber } from '../contract-writing/contract-writing.public.ts';
import { notifyStructureEvent } from './booking-notices.ts';
import {
  contractNumberOf,
  finishStructure,
  insertAuditRecords,
  insertHtaContract,
  insertObservations,
  linkHtaContract,
  lockObservedBatch,
  lockStructureForHta,
  observedSymbols,
  settlementsSince,
  updateStates,
  type LiveStructure,
  type ObservationRow,
  type SettleRow,
  type StructureForHta,
} from './observation.repo.ts';

type ObservationSource = 'feed' | 'import' | 'catch-up';

/** Structures read, observed and written per transaction. */
const OBSERVE_BATCH = 500;

type Settle = { price: number; text: string; source: ObservationSource };

/** symbol → trading day → its settlement (the latest row of the day wins, as a re-import replaces). */
function settlementsByDay(rows: readonly SettleRow[]): Map<string, Map<string, Settle>> {
  const out = new Map<string, Map<string, Settle>>();
  for (const r of rows) {
    const day = exchangeClock(r.quotedAt).date;
    let days = out.get(r.symbol);
    if (!days) out.set(r.symbol, (days = new Map()));
    days.set(day, { price: Number(r.price), text: r.price, source: r.source === 'import' ? 'import' : 'feed' });
  }
  return out;
}

/** Nothing more to observe: the last date is observed, or a knock-out left nothing to price (no floor). */
function structureEnded(terms: StructureTerms, state: StructureState): boolean {
  const last = terms.observations[terms.observations.length - 1];
  if (!last) return true;
  if (state.observedThrough !== null && state.observedThrough >= last.date) return true;
  return state.knockedOut && terms.floorAfterKnockOut === null;
}

type StructurePlan = {
  state: StructureState;
  events: { event: ObservationEvent; source: ObservationSource }[];
  /** The first observation date up to today whose settlement is missing (the structure waits for it). */
  waitingFor: string | null;
  /** The structure's end: the settle its finalize uses (the last observed day's). */
  end: { finalSettle: number } | null;
};

/**
 * What one structure does with the settlements known: each observation date after `observedThrough` up to `today`,
 * in order, with its settle; stops at a missing settlement, and at the end. Pure.
 */
function planObservations(
  terms: StructureTerms,
  state: StructureState,
  settles: ReadonlyMap<string, Settle> | undefined,
  today: string,
): StructurePlan {
  let current = state;
  const applied: { event: ObservationEvent; source: ObservationSource }[] = [];
  let waitingFor: string | null = null;
  let lastSettle: number | null = null;
  if (current.observedThrough !== null) lastSettle = settles?.get(current.observedThrough)?.price ?? null;
  for (const o of terms.observations) {
    if (structureEnded(terms, current)) break;
    if (current.observedThrough !== null && o.date <= current.observedThrough) continue;
    if (o.date > today) break;
    const settle = settles?.get(o.date);
    if (!settle) {
      waitingFor = o.date;
      break;
    }
    const r = observe(terms, current, o.date, settle.price);
    current = r.state;
    lastSettle = settle.price;
    if (r.event) applied.push({ event: r.event, source: settle.source });
  }
  if (applied.length > 1) for (const a of applied) a.source = 'catch-up';
  const ended = structureEnded(terms, current);
  return {
    state: current,
    events: applied,
    waitingFor,
    end: ended && lastSettle !== null ? { finalSettle: lastSettle } : null,
  };
}

export type ObserveRun = {
  /** Structures that observed at least one date. */
  observed: number;
  /** Observation rows written. */
  observations: number;
  /** Structures completed (their HTA written, or none with no priced bushels). */
  completed: number;
  /** Structures waiting for a missing settlement. */
  waiting: number;
  /** Structures looked at (with something possibly new). */
  examined: number;
  /** Completions that failed (left live; the next run tries again). */
  failed: number;
};

export type ObserveOptions = {
  /** Only the structures of these symbols (the settled ones); all observed structures when absent. */
  symbols?: readonly string[] | null;
  batchSize?: number;
  log?: { error(obj: object, msg: string): void };
};

const round = (value: number, places: number): string => decimalString(toDecimal(value.toFixed(places)));

/**
 * Observes every observed structure (of `options.symbols`) with the settlements known up to `now`'s exchange day, in
 * batches; completes those that reached their end. Idempotent: a run with nothing new writes nothing.
 */
export async function observeStructures(db: Db, now: Date, options: ObserveOptions = {}): Promise<ObserveRun> {
  const run: ObserveRun = { observed: 0, observations: 0, completed: 0, waiting: 0, examined: 0, failed: 0 };
  const today = exchangeClock(now).date;
  const symbols = await observedSymbols(db, options.symbols ?? null);
  if (symbols.length === 0) return run;
  const earliest = symbols.reduce((min, s) => (s.from < min ? s.from : min), symbols[0]!.from);
  // Settlements are recorded at the day's close (13:20 Central): from the start of the earliest day needed on.
  const settles = settlementsByDay(
    await settlementsSince(
      db,
      symbols.map((s) => s.symbol),
      new Date(`${earliest}T00:00:00Z`),
    ),
  );
  // Each symbol's latest settlement day up to today: a structure observed through it has nothing new.
  const latest = new Map<string, string>();
  for (const [symbol, days] of settles) {
    let last = '';
    for (const d of days.keys()) if (d <= today && d > last) last = d;
    if (last !== '') latest.set(symbol, last);
  }
  if (latest.size === 0) return run;
  const batchSize = options.batchSize ?? OBSERVE_BATCH;
  let afterId = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const batch = await lockObservedBatch(tx, latest, afterId, batchSize);
      if (batch.lastId === null) return true;
      afterId = batch.lastId;
      await observeBatch(tx, batch.rows, settles, today, now, run, options.log);
      return false;
    });
    if (done) break;
  }
  return run;
}

async function observeBatch(
  tx: Db,
  rows: readonly LiveStructure[],
  settles: Map<string, Map<string, Settle>>,
  today: string,
  now: Date,
  run: ObserveRun,
  log: ObserveOptions['log'],
): Promise<void> {
  const observations: ObservationRow[] = [];
  const states: { id: number; version: number; state: StructureState }[] = [];
  const audits: { action: string; targetType: string; targetId: string; details: Record<string, unknown> }[] = [];
  const ends: { row: LiveStructure; state: StructureState; finalSettle: number; knockOutDate: string | null }[] = [];
  for (const row of rows) {
    run.examined++;
    const plan = planObservations(row.terms, row.state, settles.get(row.futuresSymbol), today);
    if (plan.waitingFor !== null) run.waiting++;
    if (plan.events.length > 0) {
      run.observed++;
      for (const { event, source } of plan.events) {
        observations.push({
          structureId: row.id,
          date: event.date,
          settle: round(event.settle, 4),
          pricedBushels: round(event.pricedBushels, 2),
          price: event.price === null ? null : round(event.price, 4),
          knockedOut: event.knockedOut,
          doubledUp: event.doubledUp,
          source,
          observedAt: now,
        });
      }
      states.push({ id: row.id, version: row.version, state: plan.state });
      const knockOut = plan.events.find((e) => e.event.knockedOut);
      audits.push({
        action: 'structure_observe',
        targetType: 'structure',
        targetId: String(row.id),
        details: {
          dates: plan.events.map((e) => e.event.date),
          source: plan.events[0]!.source,
          pricedBushels: round(
            plan.events.reduce((sum, e) => sum + e.event.pricedBushels, 0),
            2,
          ),
          observedThrough: plan.state.observedThrough,
          ...(knockOut ? { knockedOut: knockOut.event.date } : {}),
          ...(plan.events.some((e) => e.event.doubledUp) ? { doubledUp: true } : {}),
          ...(plan.waitingFor ? { waitingFor: plan.waitingFor } : {}),
        },
      });
    }
    if (plan.end) {
      const knockOut = plan.events.find((e) => e.event.knockedOut)?.event.date ?? null;
      ends.push({ row, state: plan.state, finalSettle: plan.end.finalSettle, knockOutDate: knockOut });
    }
  }
  run.observations += await insertObservations(tx, observations);
  await updateStates(tx, states, now);
  await insertAuditRecords(tx, audits);
  // The ends, each in a savepoint: one that fails stays live (its observations kept) and is tried again next run.
  for (const end of ends) {
    try {
      await tx.transaction(async (sp) => {
        await completeStructure(sp, end.row.id, end.finalSettle, now, end.knockOutDate, log);
      });
      run.completed++;
    } catch (err) {
      run.failed++;
      (log ?? console).error({ err, structureId: end.row.id }, 'structure completion failed');
    }
  }
  // Knock-outs that leave the structure going (a floor to apply at the end) are told now.
  for (const row of rows) {
    if (ends.some((e) => e.row.id === row.id)) continue;
    const ko = observations.find((o) => o.structureId === row.id && o.knockedOut);
    if (ko) await notifySafely(tx, row.id, 'knocked_out', { date: ko.date }, log);
  }
}

/**
 * The end of a structure (in the caller's transaction, the structure's row locked): `finalize` with the final settle,
 * the HTA written for the priced bushels (none when nothing was priced: the reason is kept as the close note), status
 * completed, audited, the farmer told.
 */
export async function completeStructure(
  db: Db,
  structureId: number,
  finalSettle: number,
  now: Date,
  knockOutDate: string | null = null,
  log?: ObserveOptions['log'],
): Promise<{ contractId: number | null }> {
  const s = await lockStructureForHta(db, structureId);
  if (!s) throw new AppError('not_found', `No structure ${structureId}.`);
  if (s.status !== 'live' && s.status !== 'close_requested') return { contractId: s.htaContractId };
  const result = finalize(s.terms, s.state, finalSettle);
  const written =
    result.pricedBushels > 0 && result.htaFuturesPrice !== null
      ? await writeStructureHta(db, structureId, {
          pricedBushels: result.pricedBushels,
          futuresPrice: result.htaFuturesPrice,
          now,
        })
      : null;
  const reason = written
    ? null
    : s.state.knockedOut
      ? `Completed with no priced bushels: knocked out on ${knockOutDate ?? s.state.observedThrough} before any bushel was priced, so no HTA contract was written.`
      : 'Completed with no priced bushels: no observation priced any, so no HTA contract was written.';
  const ok = await finishStructure(db, s.id, s.version, {
    status: 'completed',
    updatedAt: now,
    ...(reason ? { closeNote: reason } : {}),
  });
  if (!ok) throw new AppError('precondition_failed', `Structure ${structureId} changed meanwhile.`);
  await audit(db, null, {
    actorUserId: null,
    action: 'structure_complete',
    targetType: 'structure',
    targetId: String(s.id),
    details: {
      finalSettle: round(finalSettle, 4),
      pricedBushels: round(result.pricedBushels, 2),
      averagePrice: result.averagePrice === null ? null : round(result.averagePrice, 4),
      htaFuturesPrice: result.htaFuturesPrice === null ? null : round(result.htaFuturesPrice, 4),
      doubledUp: result.doubledUp,
      knockedOut: s.state.knockedOut,
      htaContractId: written?.contractId ?? null,
      ...(reason ? { reason } : {}),
    },
  });
  if (s.state.knockedOut && knockOutDate !== null)
    await notifySafely(db, s.id, 'knocked_out', { date: knockOutDate }, log);
  await notifySafely(db, s.id, 'completed', { htaContract: written?.displayContractId ?? null }, log);
  return { contractId: written?.contractId ?? null };
}

/**
 * Tells the farmer (booking's notifyStructureEvent) in a savepoint: a notice that fails is logged and leaves the
 * observation and the end as they are — the contract matters more than the message.
 */
async function notifySafely(
  db: Db,
  structureId: number,
  event: 'knocked_out' | 'completed',
  extra: { date?: string; htaContract?: string | null },
  log: ObserveOptions['log'],
): Promise<void> {
  try {
    await db.transaction(async (sp) => {
      await notifyStructureEvent(sp, structureId, event, extra);
    });
  } catch (err) {
    (log ?? console).error({ err, structureId, event }, 'structure notice failed');
  }
}

/** The HTA's delivery window: the futures month, from the structure's end when it ends inside that month. */
function htaDeliveryWindow(optionMonth: string, endDate: string): { start: string; end: string } {
  const [y, m] = optionMonth.split('-').map(Number) as [number, number];
  const first = `${optionMonth}-01`;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const start = endDate > first ? endDate : first;
  return { start, end: last >= start ? last : start };
}

type StructureHtaInput = {
  /** Bushels the structure priced (after finalize's euro double and floor, or what a close keeps). */
  pricedBushels: number;
  /** The HTA's futures price in $/bu with the fee already taken off (a sale) or added (a purchase): finalize's. */
  futuresPrice: number;
  now: Date;
  /** Who caused it (the merchandiser approving a close); null for the nightly job. */
  actorUserId?: string | null;
  request?: FastifyRequest | null;
};

/**
 * Writes the HTA contract of a structure's priced bushels (in the caller's transaction; the structure's row is locked
 * here): contract type hta for the structure's client in its market, the bushels and futures price given, the
 * structure's futures month and crop, the crop year of that month's delivery (cropYearOfDelivery), delivery in the
 * futures month, a description linking back to the structure; numbered from the partner's sequence, audited; `hta_contract_id` set. It changes neither the structure's
 * status nor its version (the caller sets the status: completed at the end, closed on an approved close). Idempotent:
 * a structure that has its HTA answers that one. Zero bushels write nothing (null).
 */
export async function writeStructureHta(
  db: Db,
  structureId: number,
  input: StructureHtaInput,
): Promise<{ contractId: number; displayContractId: string } | null> {
  const s = await lockStructureForHta(db, structureId);
  if (!s) throw new AppError('not_found', `No structure ${structureId}.`);
  if (s.htaContractId !== null) {
    const n = await contractNumberOf(db, s.htaContractId);
    return { contractId: s.htaContractId, displayContractId: n ?? String(s.htaContractId) };
  }
  const quantity = round(input.pricedBushels, 2);
  if (!toDecimal(quantity).greaterThan(0)) return null;
  const futuresPrice = round(input.futuresPrice, 4);
  if (!toDecimal(futuresPrice).greaterThan(0))
    throw new AppError(
      'invalid_request',
      `Structure ${structureId}'s HTA futures price ${futuresPrice} is not above 0.`,
    );
  const contract = htaContractOf(s, quantity, futuresPrice, input.now);
  const displayContractId = await nextContractNumber(db, s.partnerId);
  const row = await insertHtaContract(
    db,
    {
      ...contract.columns,
      partnerId: s.partnerId,
      marketId: s.marketId,
      clientId: s.clientId,
      displayContractId,
      esignEligible: s.esignEligible,
      createdBy: input.actorUserId ?? null,
      createdAt: input.now,
      updatedAt: input.now,
    },
    { quantity, futuresPrice, at: input.now },
  );
  await linkHtaContract(db, s.id, row.id, input.now);
  await audit(db, input.request ?? null, {
    actorUserId: input.actorUserId ?? null,
    action: 'contract_create',
    targetType: 'contract',
    targetId: String(row.id),
    details: {
      displayContractId,
      clientId: s.clientId,
      contractType: 'hta',
      quantity,
      futuresPrice,
      structureId: s.id,
    },
  });
  return { contractId: row.id, displayContractId: row.displayContractId };
}

/** The contract's columns from the structure (hta: futures fixed, basis later; open until delivered and priced). */
function htaContractOf(s: StructureForHta, quantity: string, futuresPrice: string, now: Date) {
  const direction = s.side === 'sale' ? ('purchase' as const) : ('sale' as const);
  const delivery = htaDeliveryWindow(s.optionMonth, s.endDate);
  // The crop year of the futures month's delivery (corn Dec 2027 → 2027, Jul 2028 → 2027), not the structure's own
  // (a form default at booking, which may name another harvest than the month the bushels are priced off).
  const cropYear = cropYearOfDelivery(s.cropId, s.optionMonth);
  const terms: ContractTerms = {
    contractType: 'hta',
    direction,
    cropId: s.cropId,
    cropYear,
    quantity,
    cancelledQuantity: '0',
    deliveryStart: delivery.start,
    deliveryEnd: delivery.end,
    optionMonth: s.optionMonth,
    futuresPrice,
    basis: null,
    cashPrice: null,
    offerPrice: null,
    strike: null,
    callOptionFee: null,
    expiration: null,
    mpOption: null,
  };
  const label = s.name ? `structure ${s.id} “${s.name}”` : `structure ${s.id}`;
  const sale = s.side === 'sale';
  const average = toDecimal(futuresPrice).plus(toDecimal(s.fee).times(sale ? 1 : -1));
  const description =
    `Written at the end of ${label} (${s.kind}, ${s.futuresSymbol}, ${s.startDate} to ${s.endDate}): ` +
    `${formatNumber(quantity, { maxFractionDigits: 2 })} bu priced at an average of ${formatPrice(average.toFixed(4))}, ` +
    `${sale ? 'less' : 'plus'} the ${formatPrice(toDecimal(s.fee).toFixed(4))} fee.`;
  return {
    columns: {
      contractType: 'hta' as const,
      direction,
      cropId: s.cropId,
      cropYear,
      status: 'open' as const,
      quantity,
      quantityUnit: 'bushels',
      pricedQuantity: '0',
      deliveryStart: delivery.start,
      deliveryEnd: delivery.end,
      optionMonth: s.optionMonth,
      futuresPrice,
      basis: null,
      cashPrice: null,
      priceStatus: 'futures_set' as const,
      description,
      termsHash: sha256(contractTermsText(terms)),
      contractDate: marketToday({ timezone: s.timezone }, now),
    },
  };
}
