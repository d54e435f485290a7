// Writing contracts (issue 14, decision 040): a new contract of any type with its number from the partner's
// sequence, its first pricing events (decision 013) and splits; an edit of its terms — plain before it is sent for
// signature, an amendment after. Every write and its audit record commit together or not at all.

import type { FastifyRequest } from 'fastify';
import {
  CONTRACT_SAVE_ERROR,
  CONTRACT_TYPE_RULES,
  contractPricing,
  contractStatus,
  contractTermsText,
  decimalString,
  hasEntitlement,
  initialPricingEvents,
  parseContractWrite,
  toDecimal,
  writtenExpiration,
  type ContractFieldErrors,
  type ContractTermsResponse,
  type ContractWrite,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import {
  entitlementContext,
  ifMatchVersion,
  loadCrmActor,
  marketToday,
  requireClient,
  requireMarket,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import {
  clientEsignEligible,
  cropExists,
  findWritableContract,
  insertContract,
  insertNumberedAmendment,
  insertPricingEvents,
  listEvents,
  listSplits,
  nextContractNumber,
  partnerClientIds,
  replacePricingEvents,
  replaceSplits,
  updateContract,
  type EventRow,
  type WritableContract,
} from './contract-writing.repo.ts';

/** A market of the partner where the user may write contracts (another partner's: 404; no permission: 403). */
function contractsMarket(actor: CrmActor, marketId: number): CrmMarket {
  return requireMarket(
    actor,
    marketId,
    (m) => hasEntitlement(entitlementContext(actor, m), 'grain-buying-contracts'),
    'contracts',
  );
}

function refuse(fields: ContractFieldErrors): never {
  throw new AppError('invalid_request', CONTRACT_SAVE_ERROR, { fields });
}

/** The body read against the domain's rules, then the references checked against the database (crop, split clients). */
async function validWrite(db: Db, actor: CrmActor, clientId: number, body: unknown): Promise<ContractWrite> {
  const parsed = parseContractWrite(clientId, body);
  if (!parsed.ok) refuse(parsed.fields);
  const w = parsed.value;
  const fields: ContractFieldErrors = {};
  if (!(await cropExists(db, w.cropId))) fields.cropId = 'Choose a crop';
  const known = await partnerClientIds(
    db,
    actor.partner.id,
    w.splits.map((s) => s.clientId),
  );
  w.splits.forEach((s, i) => {
    if (!known.has(s.clientId)) fields[`splits.${i}.clientId`] = 'Choose a client';
  });
  if (Object.keys(fields).length > 0) refuse(fields);
  return w;
}

const pricingEventsOf = (w: ContractWrite): EventRow[] =>
  initialPricingEvents(w).map((e) => ({
    quantity: String(e.quantity),
    futuresPrice: e.futuresPrice == null ? null : String(e.futuresPrice),
    basis: e.basis == null ? null : String(e.basis),
    cashPrice: e.cashPrice == null ? null : String(e.cashPrice),
  }));

/** The row's columns a write sets from the terms, with the figures its pricing events give. */
function termsColumns(w: ContractWrite, events: readonly EventRow[], kept: { delivered: string; cancelled: string }) {
  const pricing = contractPricing({ quantity: w.quantity, cancelledQuantity: kept.cancelled }, events);
  const expiration = writtenExpiration(w);
  const terms = {
    contractType: w.contractType,
    direction: w.direction,
    cropId: w.cropId,
    cropYear: w.cropYear,
    quantity: w.quantity,
    cancelledQuantity: kept.cancelled,
    deliveryStart: w.deliveryStart,
    deliveryEnd: w.deliveryEnd,
    optionMonth: w.optionMonth,
    futuresPrice: pricing.averageFutures,
    basis: pricing.averageBasis,
    cashPrice: pricing.averageCash,
    offerPrice: null,
    strike: w.strike,
    callOptionFee: w.callOptionFee,
    expiration,
    mpOption: w.mpOption,
  };
  return {
    marketId: w.marketId,
    contractType: w.contractType,
    direction: w.direction,
    cropId: w.cropId,
    cropYear: w.cropYear,
    quantity: w.quantity,
    quantityUnit: w.quantityUnit,
    deliveryStart: w.deliveryStart,
    deliveryEnd: w.deliveryEnd,
    optionMonth: w.optionMonth,
    futuresPrice: pricing.averageFutures,
    basis: pricing.averageBasis,
    cashPrice: pricing.averageCash,
    pricedQuantity: pricing.pricedQuantity,
    priceStatus: pricing.priceStatus,
    status: contractStatus({
      quantity: w.quantity,
      deliveredQuantity: kept.delivered,
      cancelledQuantity: kept.cancelled,
      pricedQuantity: pricing.pricedQuantity,
    }),
    strike: w.strike,
    callOptionFee: w.callOptionFee,
    expiration,
    mpOption: w.mpOption,
    pricingPeriodStart: w.pricingPeriodStart,
    pricingPeriodEnd: w.pricingPeriodEnd,
    paymentTerms: w.paymentTerms,
    program: w.program,
    description: w.description,
    termsHash: sha256(contractTermsText(terms)),
  };
}

/** POST …/seller/:clientId/contract: a new contract of the client, numbered from the partner's sequence. */
export async function createContract(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  body: unknown,
): Promise<ContractTermsResponse> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  await requireClient(deps, actor, clientId);
  const marketId = (body as { marketId?: unknown } | null)?.marketId;
  // The market is checked before the body: another partner's market is 404 and one without the permission 403,
  // whatever else is wrong with the request.
  if (typeof marketId === 'number' && Number.isSafeInteger(marketId)) contractsMarket(actor, marketId);
  const w = await validWrite(db, actor, clientId, body);
  const market = contractsMarket(actor, w.marketId);
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const events = pricingEventsOf(w);
    const displayContractId = await nextContractNumber(tx, actor.partner.id);
    const row = await insertContract(tx, {
      ...termsColumns(w, events, { delivered: '0', cancelled: '0' }),
      partnerId: actor.partner.id,
      clientId,
      displayContractId,
      esignEligible: await clientEsignEligible(tx, clientId),
      contractDate: w.contractDate ?? marketToday(market, now),
      createdBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await insertPricingEvents(tx, row.id, events, now);
    await replaceSplits(tx, row.id, w.splits);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'contract_create',
      targetType: 'contract',
      targetId: String(row.id),
      details: { displayContractId, clientId, contractType: w.contractType, quantity: w.quantity },
    });
    return row.id;
  });
  return termsResponse(db, actor.partner.id, id, null);
}

/** The terms as the form reads them back. */
async function termsResponse(
  db: Db,
  partnerId: string,
  contractId: number,
  amendment: ContractTermsResponse['amendment'],
): Promise<ContractTermsResponse> {
  const c = await findWritableContract(db, partnerId, contractId, false);
  if (!c) throw new AppError('not_found', `No contract ${contractId}.`);
  const splits = await listSplits(db, contractId);
  return {
    id: c.id,
    clientId: c.clientId,
    displayContractId: c.displayContractId,
    status: c.status,
    version: c.version,
    esignSent: c.esignSent,
    esignEligible: c.esignEligible,
    terms: { ...writeOf(c), splits },
    priceStatus: c.priceStatus,
    pricedQuantity: c.pricedQuantity,
    amendment,
  };
}

const DECIMAL_TERMS = ['quantity', 'futuresPrice', 'basis', 'cashPrice', 'strike', 'callOptionFee'] as const;

/** A stored contract's terms in the write's shape (decimals without trailing zeros). */
function writeOf(c: WritableContract): Omit<ContractTermsResponse['terms'], 'splits'> {
  const norm = (v: string | null) => (v === null ? null : decimalString(toDecimal(v)));
  return {
    contractType: c.contractType,
    direction: c.direction,
    marketId: c.marketId,
    cropId: c.cropId,
    cropYear: c.cropYear,
    quantity: norm(c.quantity) ?? '0',
    quantityUnit: c.quantityUnit === 'tonnes' ? 'tonnes' : 'bushels',
    deliveryStart: c.deliveryStart,
    deliveryEnd: c.deliveryEnd,
    optionMonth: c.optionMonth,
    futuresPrice: norm(c.futuresPrice),
    basis: norm(c.basis),
    // A flat / credit sale's cash follows from futures + basis; only a spot's is its own term.
    cashPrice: c.contractType === 'spot' ? norm(c.cashPrice) : null,
    strike: norm(c.strike),
    callOptionFee: norm(c.callOptionFee),
    expiration: c.contractType === 'pp' ? null : c.expiration,
    mpOption: c.mpOption,
    pricingPeriodStart: c.pricingPeriodStart,
    pricingPeriodEnd: c.pricingPeriodEnd,
    paymentTerms: (c.paymentTerms as ContractTermsResponse['terms']['paymentTerms']) ?? null,
    program: c.program,
    description: c.description,
    contractDate: c.contractDate,
  };
}

/** GET …/seller/:clientId/contract/:contractId/terms. */
export async function contractTerms(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractId: number,
): Promise<ContractTermsResponse> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const c = await findWritableContract(db, actor.partner.id, contractId, false);
  if (!c || c.clientId !== clientId)
    throw new AppError('not_found', `No contract ${contractId} for client ${clientId}.`);
  contractsMarket(actor, c.marketId);
  return termsResponse(db, actor.partner.id, contractId, null);
}

type Change = { from: unknown; to: unknown };

/** What an edit changes, field by field (decimals compared as numbers; splits as a set). */
function changesOf(
  before: Omit<ContractTermsResponse['terms'], 'splits'> & { splits: { clientId: number; pct: string }[] },
  w: ContractWrite,
): Record<string, Change> {
  const out: Record<string, Change> = {};
  const after = { ...w, expiration: w.contractType === 'pp' ? null : w.expiration };
  for (const key of Object.keys(before) as (keyof typeof before)[]) {
    if (key === 'splits' || key === 'contractDate') continue;
    const from = before[key];
    const to = after[key as keyof typeof after];
    const same = (DECIMAL_TERMS as readonly string[]).includes(key)
      ? from === null || to === null || to === undefined
        ? (from ?? null) === (to ?? null)
        : toDecimal(String(from)).equals(toDecimal(String(to)))
      : (from ?? null) === (to ?? null);
    if (!same) out[key] = { from: from ?? null, to: to ?? null };
  }
  if (w.contractDate !== null && w.contractDate !== before.contractDate)
    out.contractDate = { from: before.contractDate, to: w.contractDate };
  const key = (s: { clientId: number; pct: string }[]) =>
    s
      .map((x) => `${x.clientId}:${decimalString(toDecimal(x.pct))}`)
      .sort()
      .join(',');
  if (key(before.splits) !== key(w.splits)) {
    out.splits = {
      from: before.splits.map((s) => ({ clientId: s.clientId, pct: decimalString(toDecimal(s.pct)) })),
      to: w.splits.map((s) => ({ clientId: s.clientId, pct: decimalString(toDecimal(s.pct)) })),
    };
  }
  return out;
}

const PRICING_TERMS = ['contractType', 'futuresPrice', 'basis', 'cashPrice'] as const;

/**
 * A part of the price the type does not take at writing but an operation fixed since (an HTA's basis after basis set,
 * a pricing program's futures after futures set) is not in the form's body: it stays as it is, not "changed to none".
 */
function withOperationPricing(w: ContractWrite, before: { contractType: string } & Record<string, unknown>) {
  if (w.contractType !== before.contractType) return w;
  const out = { ...w };
  for (const f of ['futuresPrice', 'basis', 'cashPrice'] as const) {
    const stored = before[f];
    if (CONTRACT_TYPE_RULES[w.contractType][f] === 'forbidden' && w[f] === null && typeof stored === 'string')
      out[f] = stored;
  }
  return out;
}

function sameEvents(a: readonly EventRow[], b: readonly EventRow[]): boolean {
  const eq = (x: string | null, y: string | null) =>
    x === null || y === null ? x === y : toDecimal(x).equals(toDecimal(y));
  return (
    a.length === b.length &&
    a.every(
      (e, i) =>
        eq(e.quantity, b[i]!.quantity) &&
        eq(e.futuresPrice, b[i]!.futuresPrice) &&
        eq(e.basis, b[i]!.basis) &&
        eq(e.cashPrice, b[i]!.cashPrice),
    )
  );
}

/**
 * PUT …/seller/:clientId/contract/:contractId: new terms at the version the caller read (If-Match; stale → 412).
 * Before the contract is sent for signature the terms simply change; after, every change is also an amendment
 * (`<number>-A<n>`, action `amend`, each field's before and after in its details) that the contract page shows and
 * sends for signature. Pricing written with the contract is rewritten; once an operation priced or rolled it, the
 * pricing terms change through the operations only (409).
 */
export async function editContract(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractId: number,
  body: unknown,
): Promise<ContractTermsResponse> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const expected = ifMatchVersion(request.headers['if-match']);
  const current = await findWritableContract(db, actor.partner.id, contractId, false);
  if (!current || current.clientId !== clientId)
    throw new AppError('not_found', `No contract ${contractId} for client ${clientId}.`);
  contractsMarket(actor, current.marketId);
  const typed = await validWrite(db, actor, clientId, body);
  contractsMarket(actor, typed.marketId);
  const now = new Date();
  const amendment = await db.transaction(async (tx) => {
    const c = await findWritableContract(tx, actor.partner.id, contractId, true);
    if (!c) throw new AppError('not_found', `No contract ${contractId} for client ${clientId}.`);
    if (c.version !== expected) throw new AppError('precondition_failed', undefined, { currentVersion: c.version });
    if (c.status !== 'open')
      throw new AppError('conflict', `Contract ${c.displayContractId} is ${c.status}: its terms can no longer change.`);
    const committed = toDecimal(c.deliveredQuantity).plus(toDecimal(c.cancelledQuantity));
    if (toDecimal(typed.quantity).lessThan(committed))
      refuse({ quantity: `At least the ${decimalString(committed)} delivered and cancelled` });
    const before = { ...writeOf(c), splits: await listSplits(tx, c.id) };
    const w = withOperationPricing(typed, before);
    const changes = changesOf(before, w);
    if (Object.keys(changes).length === 0) return null;

    const stored = await listEvents(tx, c.id);
    // The events the old terms would have written (only what the type fixes at writing): still those → as written.
    const writtenRule = CONTRACT_TYPE_RULES[c.contractType];
    const oldTerms = {
      ...typed,
      ...before,
      splits: typed.splits,
      ...Object.fromEntries(
        (['futuresPrice', 'basis', 'cashPrice'] as const).map((f) => [
          f,
          writtenRule[f] === 'forbidden' ? null : before[f],
        ]),
      ),
    } as ContractWrite;
    const asWritten = sameEvents(stored, pricingEventsOf(oldTerms));
    const pricingChanged = PRICING_TERMS.some((k) => k in changes);
    let events = stored;
    if (asWritten) events = pricingEventsOf(typed);
    else if (pricingChanged) {
      throw new AppError(
        'conflict',
        `Contract ${c.displayContractId} was priced or rolled since it was written: change its pricing with the pricing operations.`,
        {
          fields: Object.fromEntries(
            PRICING_TERMS.filter((k) => k in changes).map((k) => [k, 'Changed since written']),
          ),
        },
      );
    }
    const columns = termsColumns(w, events, { delivered: c.deliveredQuantity, cancelled: c.cancelledQuantity });
    const patch = { ...columns, ...(w.contractDate ? { contractDate: w.contractDate } : {}) };
    if (!(await updateContract(tx, c.id, c.version, patch)))
      throw new AppError('precondition_failed', undefined, { currentVersion: c.version + 1 });
    if (asWritten) await replacePricingEvents(tx, c.id, events, now);
    await replaceSplits(tx, c.id, w.splits);
    const written = c.esignSent
      ? await insertNumberedAmendment(tx, {
          contractId: c.id,
          displayContractId: c.displayContractId,
          action: 'amend',
          details: { changes },
          createdBy: actor.user.id,
        })
      : null;
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: written ? 'contract_amend' : 'contract_edit',
      targetType: 'contract',
      targetId: String(c.id),
      details: {
        displayContractId: c.displayContractId,
        changes,
        ...(written ? { amendment: written.displayContractAmendmentId } : {}),
      },
    });
    return written;
  });
  return termsResponse(db, actor.partner.id, contractId, amendment);
}
