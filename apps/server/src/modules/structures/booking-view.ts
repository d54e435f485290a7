// A structure row as the booking calls answer it (issue 18; domain booking.ts and booking-views.ts): the key terms,
// where its state stands (accumulated and remaining bushels, trading days left, distance to knock-out at today's
// futures), its last quote and close request; the farmer's view leaves out the merchandiser's valuation and who did
// what. Pure: the caller reads the rows, quotes and cached close costs.

import { tradingDays, type StructureState } from '@granary/scs-engine';
import {
  structureInputSchema,
  structureRuleWords,
  type FarmerStructure,
  type Structure,
  type StructureCloseCostSummary,
  type StructureInput,
  type StructureObservation,
  type StructureWordsFormat,
} from '@granary/domain';
import type { CloseCostRow, ObservationRow, StructureRow } from './booking.repo.ts';
import { fixed } from './booking-engine.ts';

const ENDED = new Set(['completed', 'closed', 'cancelled']);

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The input as stored (validated when it was saved). */
export function inputOf(row: Pick<StructureRow, 'input'>): StructureInput {
  return structureInputSchema.parse(row.input);
}

function keyTermsOf(input: StructureInput, observations: number): Structure['keyTerms'] {
  switch (input.kind) {
    case 'accumulator':
      return {
        level: input.accumulationLevel,
        knockOut: input.knockOut,
        doubleUp: input.doubleUp,
        frequency: input.frequency,
        observations,
      };
    case 'minimum-price':
      return { level: input.floor, knockOut: null, doubleUp: null, frequency: null, observations };
    case 'hta':
      return { level: input.futuresLevel, knockOut: null, doubleUp: null, frequency: null, observations };
    case 'average-price':
      return { level: null, knockOut: null, doubleUp: null, frequency: input.frequency ?? 'daily', observations };
  }
}

/** Committed bushels not observed yet: 0 once knocked out or ended. */
export function remainingBushels(row: Pick<StructureRow, 'status' | 'terms' | 'state'>): number {
  const state: StructureState = row.state;
  if (ENDED.has(row.status) || state.knockedOut) return 0;
  const through = state.observedThrough;
  return row.terms.observations
    .filter((o) => through === null || o.date > through)
    .reduce((sum, o) => sum + o.bushels, 0);
}

/** Trading days left to observe, from today (or the start) to the end; 0 once knocked out or ended. */
function daysLeft(row: Pick<StructureRow, 'status' | 'terms' | 'state'>, today: string): number {
  const state: StructureState = row.state;
  if (ENDED.has(row.status) || state.knockedOut) return 0;
  let from = row.terms.start > today ? row.terms.start : today;
  if (state.observedThrough !== null && state.observedThrough >= from) from = dayAfter(state.observedThrough);
  return from > row.terms.end ? 0 : tradingDays(from, row.terms.end).length;
}

/** The close request or the close, when there is one. */
function closeRequestOf(row: StructureRow): Structure['closeRequest'] {
  if (row.closeRequestedAt === null && row.closedAt === null && row.closeCost === null && row.closeNote === null)
    return null;
  return {
    requestedAt: iso(row.closeRequestedAt),
    requestedBy: row.closeRequestedBy,
    cost: row.closeCost,
    closedAt: iso(row.closedAt),
    closedBy: row.closedBy,
    note: row.closeNote,
  };
}

/** The row as the CRM shows it; `futures` is the latest quote of its month ($/bu), null without one. */
export function structureOut(row: StructureRow, today: string, futures: string | null): Structure {
  const input = inputOf(row);
  const state: StructureState = row.state;
  const keyTerms = keyTermsOf(input, row.terms.observations.length);
  const knockOut = keyTerms.knockOut;
  return {
    id: row.id,
    marketId: row.marketId,
    marketLabel: row.marketLabel,
    clientLegalEntityId: row.clientLegalEntityId,
    clientName: row.clientName,
    status: row.status,
    kind: row.kind,
    side: row.side,
    name: row.name,
    cropId: row.cropId,
    cropYear: row.cropYear,
    futuresSymbol: row.futuresSymbol,
    optionMonth: row.optionMonth,
    input,
    keyTerms,
    quantity: row.quantity,
    fee: row.fee,
    startDate: row.startDate,
    endDate: row.endDate,
    state: {
      pricedBushels: fixed(state.pricedBushels, 2),
      averagePrice: state.pricedBushels > 0 ? fixed(state.pricedAmount / state.pricedBushels, 4) : null,
      knockedOut: state.knockedOut,
      doubledUp: state.doubledUp,
      observedThrough: state.observedThrough,
    },
    remainingBushels: fixed(remainingBushels(row), 2),
    daysLeft: daysLeft(row, today),
    distanceToKnockOut:
      knockOut !== null && futures !== null && !ENDED.has(row.status)
        ? fixed(Number(futures) - Number(knockOut), 4)
        : null,
    lastQuote: row.quote,
    quotedBy: row.quotedByName,
    tradedAt: iso(row.tradedAt),
    tradedBy: row.tradedByName,
    htaContractId: row.htaContractId,
    signingRequestId: row.signingRequestId,
    closeRequest: closeRequestOf(row),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A cached close cost as the list shows it, when it is for this trading day and version of the row. */
export function closeCostSummary(
  cached: CloseCostRow | undefined,
  row: Pick<StructureRow, 'version' | 'status' | 'terms' | 'state'>,
  tradingDay: string | null,
): StructureCloseCostSummary | null {
  if (!cached || cached.tradingDay !== tradingDay || cached.structureVersion !== row.version) return null;
  const remaining = remainingBushels(row);
  return {
    closeCost: cached.closeCost,
    closeCostPerRemainingBushel: remaining > 0 ? fixed(Number(cached.closeCost) / remaining, 4) : null,
    futures: cached.futures,
    tradingDay: cached.tradingDay,
    computedAt: cached.computedAt.toISOString(),
  };
}

export function observationOut(o: ObservationRow): StructureObservation {
  return {
    date: o.date,
    settle: o.settle,
    pricedBushels: o.pricedBushels,
    price: o.price,
    knockedOut: o.knockedOut,
    doubledUp: o.doubledUp,
    source: o.source,
    observedAt: o.observedAt.toISOString(),
  };
}

/** The rules in words (the confirmation's sentences) with the caller's formatters. */
export function rulesOf(row: Pick<StructureRow, 'input' | 'terms' | 'startDate' | 'endDate'>, f: StructureWordsFormat) {
  const observations = row.terms.observations;
  return structureRuleWords(
    inputOf(row),
    {
      observations: observations.length,
      perObservation: String(observations[0]?.bushels ?? 0),
      firstDate: observations[0]?.date ?? row.startDate,
      lastDate: observations.at(-1)?.date ?? row.endDate,
    },
    f,
  );
}

/** The farmer's read-only structure: no valuation, no user ids; the close as quoted and decided. */
export function farmerStructureOut(
  row: StructureRow,
  today: string,
  futures: string | null,
  extra: { signingPath: string | null; rules: string[] },
): FarmerStructure {
  const {
    lastQuote: _quote,
    quotedBy: _quotedBy,
    tradedBy: _tradedBy,
    closeRequest,
    signingRequestId: _request,
    ...rest
  } = structureOut(row, today, futures);
  return {
    ...rest,
    closeRequest: closeRequest
      ? {
          requestedAt: closeRequest.requestedAt,
          cost: closeRequest.cost,
          closedAt: closeRequest.closedAt,
          note: closeRequest.note,
        }
      : null,
    signingPath: extra.signingPath,
    rules: extra.rules,
  };
}
