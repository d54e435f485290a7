// Row builders for the CRM tests (not exported from the package).

import type { ClientRecord, ContractFacts, ContractRecord, ScaleTicketFacts } from './conditions.ts';

export const TODAY = '2026-05-15';

export const CLIENT: ClientRecord = {
  id: 7,
  name: 'Prairie Acres Farm',
  area: '1000',
  estimatedYield: '180',
  contractedWithOther: '0',
};

let nextId = 1000;

/** An open, unpriced, undelivered purchase contract of 5,000 bu of corn 2026, window Oct–Nov 2026. */
export function contract(
  overrides: Partial<ContractRecord> = {},
  extra: Partial<Pick<ContractFacts, 'client' | 'clientContracts'>> = {},
): ContractFacts {
  const base: ContractRecord = {
    id: nextId++,
    clientId: CLIENT.id,
    marketId: 1,
    cropId: 1,
    cropYear: 2026,
    displayContractId: 'C-1001',
    contractType: 'flat',
    direction: 'purchase',
    status: 'open',
    quantity: '5000.0000',
    deliveredQuantity: '0.0000',
    cancelledQuantity: '0.0000',
    pricedQuantity: '0.0000',
    deliveryStart: '2026-10-01',
    deliveryEnd: '2026-11-30',
    optionMonth: '2026-12',
    futuresPrice: null,
    basis: null,
    cashPrice: null,
    priceStatus: 'unpriced',
    offerPrice: null,
    strike: null,
    callOptionFee: null,
    expiration: null,
    description: null,
    specialty: null,
    mpOption: null,
    esignEligible: false,
    esignSent: false,
    signed: false,
    signedTermsHash: null,
    termsHash: null,
    contractDate: '2026-03-02',
    lastTicketDate: null,
  };
  return {
    kind: 'contract',
    ...base,
    ...overrides,
    client: extra.client === undefined ? CLIENT : extra.client,
    ...(extra.clientContracts ? { clientContracts: extra.clientContracts } : {}),
  };
}

export function ticket(overrides: Partial<Omit<ScaleTicketFacts, 'kind'>> = {}): ScaleTicketFacts {
  return {
    kind: 'scaleTicket',
    id: nextId++,
    clientId: CLIENT.id,
    marketId: 1,
    cropId: 1,
    cropYear: 2026,
    displayScaleTicketId: 'T-5001',
    deliveryDate: '2026-05-10',
    quantity: '1000.0000',
    weight: '56000.00',
    appliedQuantity: '0.0000',
    unappliedQuantity: '1000.0000',
    moisture: '15.50',
    testWeight: '56.00',
    foreignMaterial: '1.00',
    damage: '0.50',
    client: CLIENT,
    ...overrides,
  };
}

/** A small deterministic PRNG (mulberry32) for generated rows. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
