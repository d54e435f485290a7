// Row builders for the CRM tests (not exported from the package).

import type { ClientRecord, ContractFacts, ContractRecord, ScaleTicketFacts, ViewFacts } from './conditions.ts';
import { OPTION_CONTRACT_TYPES, type TaskListStatus } from './contracts.ts';
import { CrmDecimal, toDecimal, toDecimalOrNull } from './exact.ts';
import type { ContractView } from './views.ts';

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

// ---------------------------------------------------------------------------------------------------
// The view rules written out by hand, independently of VIEW_RULES: the tests hold the rule trees (and so
// contractInView, taskListStatuses, clientExposure and the server's SQL) to these.

function openQty(x: ContractRecord): CrmDecimal {
  return toDecimal(x.quantity).minus(toDecimal(x.cancelledQuantity));
}
function hasUndelivered(x: ContractRecord): boolean {
  return openQty(x).minus(toDecimal(x.deliveredQuantity)).greaterThan(0);
}
function hasUnpriced(x: ContractRecord): boolean {
  return openQty(x).minus(toDecimal(x.pricedQuantity)).greaterThan(0);
}

/**
 * Whether the client has contracted beyond its estimated production for the crop and crop year of `facts`
 * (Σ open quantity of its purchase contracts that are not cancelled + contracted with others > area × yield);
 * false without an area or a yield.
 */
export function expectedOverProduction(facts: ContractFacts): boolean {
  const area = toDecimalOrNull(facts.client?.area);
  const yieldPerArea = toDecimalOrNull(facts.client?.estimatedYield);
  if (area === null || yieldPerArea === null) return false;
  let withCompany = new CrmDecimal(0);
  for (const k of facts.clientContracts ?? [facts]) {
    if (k.clientId !== facts.clientId || k.cropId !== facts.cropId || k.cropYear !== facts.cropYear) continue;
    if (k.direction !== 'purchase' || k.status === 'cancelled') continue;
    withCompany = withCompany.plus(openQty(k));
  }
  const withOther = toDecimalOrNull(facts.client?.contractedWithOther) ?? new CrmDecimal(0);
  return withCompany.plus(withOther).greaterThan(area.times(yieldPerArea));
}

/** Whether a row belongs to a view on `today`, by hand (docs/crm-views.md). */
export function expectedInView(facts: ViewFacts, view: ContractView, today: string): boolean {
  if (view === 'default') return true;
  if (facts.kind === 'scaleTicket') return view === 'unapplied' && toDecimal(facts.unappliedQuantity).greaterThan(0);
  const open = facts.status === 'open';
  const notCancelled = facts.status !== 'cancelled';
  switch (view) {
    case 'unapplied':
      return false;
    case 'delinquent':
      return open && facts.deliveryEnd < today && hasUndelivered(facts);
    case 'to_arrive':
      return open && facts.deliveryEnd >= today && hasUndelivered(facts);
    case 'committed':
      return open && !hasUnpriced(facts) && hasUndelivered(facts);
    case 'mp_pricing':
      return (OPTION_CONTRACT_TYPES as readonly string[]).includes(facts.contractType) && open && hasUnpriced(facts);
    case 'needs_pricing':
      return open && hasUnpriced(facts);
    case 'get_signatures':
      return notCancelled && facts.esignEligible && !facts.signed;
    case 'signature_mismatch':
      return (
        notCancelled && facts.signed && facts.signedTermsHash !== null && facts.termsHash !== facts.signedTermsHash
      );
    case 'double_obligation':
      return facts.direction === 'purchase' && open && expectedOverProduction(facts);
  }
}

/** A contract's task-list statuses, by hand. */
export function expectedTaskListStatuses(facts: ContractFacts, today: string): TaskListStatus[] {
  const out: TaskListStatus[] = [];
  if (expectedInView(facts, 'get_signatures', today)) out.push('signature_needed');
  if (expectedInView(facts, 'needs_pricing', today)) out.push('pricing_needed');
  if (facts.status === 'open' && facts.deliveryStart <= today && hasUndelivered(facts)) out.push('delivery_needed');
  return out;
}
