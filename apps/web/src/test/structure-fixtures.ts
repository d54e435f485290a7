import type {
  FarmerStructure,
  Structure,
  StructureDetail,
  StructureListRow,
  StructureObservation,
} from '@granary/domain';

// Structures as the SCS calls answer them, for the CRM's and the farmer's component tests (never imported by the app).

/** A live daily accumulator: Fieldman Family Farms sells 50,000 bu of Dec 2026 corn at $4.80, knock-out $4.00. */
function structureFixture(id: number, extra: Partial<Structure> = {}): Structure {
  return {
    id,
    marketId: 10,
    marketLabel: 'Ames Elevator',
    clientLegalEntityId: 501,
    clientName: 'Fieldman Family Farms',
    status: 'live',
    kind: 'accumulator',
    side: 'sale',
    name: null,
    cropId: 1,
    cropYear: 2026,
    futuresSymbol: 'ZCZ26',
    optionMonth: '2026-12',
    input: {
      kind: 'accumulator',
      side: 'sale',
      cropId: 1,
      optionMonth: '2026-12',
      start: '2026-12-01',
      end: '2027-05-28',
      quantity: '50000',
      fee: '0.05',
      frequency: 'daily',
      accumulationLevel: '4.8',
      knockOut: '4',
      doubleUp: 'daily',
      doubleUpTrigger: null,
      floor: null,
      pricingBarrier: null,
    },
    keyTerms: { level: '4.8', knockOut: '4', doubleUp: 'daily', frequency: 'daily', observations: 120 },
    quantity: '50000',
    fee: '0.05',
    startDate: '2026-12-01',
    endDate: '2027-05-28',
    state: {
      pricedBushels: '12500',
      averagePrice: '4.8',
      knockedOut: false,
      doubledUp: true,
      observedThrough: '2026-12-24',
    },
    remainingBushels: '40000',
    daysLeft: 103,
    distanceToKnockOut: '0.4175',
    lastQuote: {
      futures: '4.4175',
      vol: 0.24,
      farmerValue: '12.34',
      merchandiserValue: '2187.5',
      standardError: '71.2',
      merchandiserStandardError: '71.2',
      knockOutProbability: 0.18,
      doubleUpProbability: 0.31,
      expectedPricedBushels: '43750',
      valuedAt: '2026-11-27T15:00:00.000Z',
    },
    quotedBy: 'Dana Merchant',
    tradedAt: '2026-11-28T14:00:00.000Z',
    tradedBy: 'Dana Merchant',
    htaContractId: null,
    signingRequestId: null,
    closeRequest: null,
    version: 3,
    createdAt: '2026-11-27T15:00:00.000Z',
    updatedAt: '2026-11-28T14:00:00.000Z',
    ...extra,
  };
}

/** An observation: the day's settle and what it priced. */
export function observationFixture(date: string, extra: Partial<StructureObservation> = {}): StructureObservation {
  return {
    date,
    settle: '4.4',
    pricedBushels: '416.67',
    price: '4.8',
    knockedOut: false,
    doubledUp: false,
    source: 'feed',
    observedAt: `${date}T20:00:00.000Z`,
    ...extra,
  };
}

/** The same as a list row: with today's close cost (a live one). */
export function structureRowFixture(id: number, extra: Partial<StructureListRow> = {}): StructureListRow {
  return {
    ...structureFixture(id),
    todayCloseCost: {
      closeCost: '1875.5',
      closeCostPerRemainingBushel: '0.0469',
      futures: '4.4175',
      tradingDay: '2026-11-27',
      computedAt: '2026-11-27T19:30:00.000Z',
    },
    ...extra,
  };
}

/** The rules in words as the server writes them for the fixture's accumulator. */
const FIXTURE_RULES = [
  '50,000 bu sold over 120 trading days from 12/01/2026 to 05/28/2027: 416.67 bu on each trading day.',
  'On each trading day, 416.67 bu are priced at $4.80/bu as long as the structure is not knocked out.',
  "A settle at or below the knock-out $4.00/bu ends the pricing: that day's bushels are not priced and no later day is.",
];

/** The detail: the row with its observations, rules and (none) confirmation. */
export function structureDetailFixture(
  id: number,
  observations: StructureObservation[],
  extra: Partial<StructureDetail> = {},
): StructureDetail {
  return { ...structureRowFixture(id), observations, rules: FIXTURE_RULES, confirmation: null, ...extra };
}

/** The farmer's read-only structure (no margin, no who-did-what). */
export function farmerStructureFixture(id: number, extra: Partial<FarmerStructure> = {}): FarmerStructure {
  const {
    lastQuote: _q,
    quotedBy: _b,
    tradedBy: _t,
    closeRequest: _c,
    signingRequestId: _s,
    ...rest
  } = structureFixture(id);
  return { ...rest, closeRequest: null, signingPath: null, rules: FIXTURE_RULES, ...extra };
}
