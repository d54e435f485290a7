// The contracts and deliveries lists (CTRM contracts/search, scope/:id/search, seller/:clientId/contract),
// one contract with its operations, documents and option months. The rules are the domain's: the list
// query (parseListQuery), the view rules and filters (listQueryCondition → SQL), sorting and keyset
// pages (sortExpression, keysetKeyOf, signed tokens), the 10,000-row window, the row builders and CSV.

import type { FastifyRequest } from 'fastify';
import { and, sql, type SQL } from 'drizzle-orm';
import {
  MAX_TOTAL_ROWS,
  canUseListTab,
  canonicalJson,
  contractListRow,
  contractListRowSchema,
  contractPricing,
  contractQuantities,
  contractStatus,
  contractTermsText,
  decodePaginationToken,
  decimalString,
  effectiveCropIds,
  effectiveCropYears,
  encodePaginationToken,
  exprType,
  fnv1a32,
  hasEntitlement,
  hasPageAfter,
  idExpression,
  keysetKeyOf,
  listCsvFileName,
  listQueryCondition,
  listQueryFingerprint,
  listViewCsv,
  pageWindow,
  parseListQuery,
  priceStatus,
  scaleTicketListRow,
  sortExpression,
  toDecimal,
  viewColumns,
  weightedAverage,
  type ContractAmendmentRow,
  type ContractDetail,
  type ContractDocumentRow,
  type ContractFacts,
  type ContractListRow,
  type ContractOperation,
  type KeysetCursor,
  type ListColumn,
  type ListParams,
  type ListQuery,
  type ListType,
  type ScaleTicketFacts,
  type ViewFacts,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { sha256 } from '../../platform/crypto.ts';
import type { Db } from '../../platform/db.ts';
import {
  entitlementContext,
  hasPermission,
  ifMatchVersion,
  loadCrmActor,
  marketToday,
  marketZone,
  partnerMarket,
  requireClient,
  requireMarket,
  tokenSigner,
  userMarkets,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { findPartnerLegalEntityById } from '../../platform/crm-access.repo.ts';
import {
  conditionQuery,
  expressionColumns,
  expressionNullable,
  expressionSql,
  readsClient,
  readsClientSum,
} from './contract-sql.ts';
import {
  countAmendments,
  countCapped,
  countDocuments,
  currentDocuments,
  distinctOptionMonths,
  documentsOfContract,
  findContract,
  findDocument,
  insertAmendment,
  latestAmendmentIds,
  listAmendments,
  listDocuments,
  listPricingEvents,
  listTicketApplications,
  lockContract,
  contractRowsByIds,
  contractRowsJsonSql,
  ticketRowsByIds,
  ticketRowsJsonSql,
  ticketApplicationPrices,
  updateContractTerms,
  updatePricingEvent,
  type AmendmentRow,
  type ContractRowData,
  type ContractTermsPatch,
  type DocumentRow,
  type KeyRow,
  type ListPlan,
  type TicketRowData,
  fetchPageJson,
  fetchPageKeys,
} from './crm-contracts.repo.ts';

// ---------------------------------------------------------------------------------------------------
// Market resolution for the lists

function canUseTab(actor: CrmActor, tab: ListQuery['tab']): (m: CrmMarket) => boolean {
  return (m) => canUseListTab(entitlementContext(actor, m), tab);
}

/**
 * The market a list is for: market_id when it names one of the partner's markets (404 otherwise, as
 * for any other partner's id; 403 when the tab is not the user's there); without a usable market_id
 * (missing or not a number: the list parameters are read leniently) the first market whose tab the
 * user may use (section 2's chooseMarketId over those markets); 403 when there is none.
 */
function listMarket(actor: CrmActor, q: ListQuery): CrmMarket {
  const allowed = canUseTab(actor, q.tab);
  const what =
    q.tab === 'deliveries' ? 'deliveries' : q.tab === 'contract-documents' ? 'contract documents' : 'contracts';
  if (q.marketId !== null) return requireMarket(actor, q.marketId, allowed, what);
  const first = userMarkets(actor).find(allowed);
  if (!first) throw new AppError('forbidden', `You do not have permissions for ${what} at any market.`);
  return first;
}

// ---------------------------------------------------------------------------------------------------
// Building the list's SQL

export function listPlan(q: ListQuery, scope: { partnerId: string; today: string; extra: SQL[] }): ListPlan {
  const condition = listQueryCondition(q);
  const isContracts = q.listType === 'contract';
  const table = isContracts ? 'contracts' : 'scale_tickets';
  const partnerScope = sql`${sql.raw(`"${table}"."partner_id"`)} = ${scope.partnerId}`;
  const ctx = { today: scope.today };
  const rule = conditionQuery(condition, ctx);
  const parts: SQL[] = [partnerScope, rule.sql, ...scope.extra];
  if (isContracts && q.documentId !== null) {
    parts.push(
      sql`"contracts"."id" = (select contract_id from contract_documents where contract_documents.id = ${q.documentId}::bigint)`,
    );
  }
  const sortExpr = sortExpression(q.sort, q.listType);
  return {
    listType: q.listType,
    today: scope.today,
    where: and(...parts)!,
    joinClient: rule.readsClient,
    sort: {
      sql: expressionSql(sortExpr, ctx),
      nullable: expressionNullable(sortExpr),
      order: q.sortOrder,
      type: exprType(sortExpr),
    },
    idSql: expressionSql(idExpression(q.listType), ctx),
    idsJoinClient: rule.readsClient || readsClient(sortExpr),
    keyColumns: expressionColumns(sortExpr),
    costly: readsClientSum(condition),
  };
}

type Facts = (ContractFacts & { quantityUnit: string; version: number }) | ScaleTicketFacts;

function toFacts(listType: ListType, rows: (ContractRowData | TicketRowData)[]): Facts[] {
  return listType === 'contract'
    ? (rows as ContractRowData[]).map((r) => ({ kind: 'contract' as const, ...r }))
    : (rows as TicketRowData[]).map((r) => ({ kind: 'scaleTicket' as const, ...r }));
}

/** One page of rows (their facts) in the plan's order: the page's ids, then their rows by primary key. */
async function fetchPage(
  db: Db,
  plan: ListPlan,
  window: { cursor: KeysetCursor | null; offset: number; limit: number },
): Promise<Facts[]> {
  const ids = (await fetchPageKeys(db, plan, window)).map((k) => k.id);
  const rows = plan.listType === 'contract' ? await contractRowsByIds(db, ids) : await ticketRowsByIds(db, ids);
  return toFacts(plan.listType, rows);
}

/**
 * The facts of a page's last row as far as its sort key reads them (the id phase's key columns), for
 * the domain's keysetKeyOf.
 */
function keyFacts(listType: ListType, key: KeyRow): ViewFacts {
  return { ...key, kind: listType === 'contract' ? 'contract' : 'scaleTicket' } as unknown as ViewFacts;
}

export function countRows(db: Db, plan: ListPlan): Promise<number> {
  return countCapped(
    db,
    plan.listType === 'contract' ? 'contracts' : 'scale_tickets',
    plan.joinClient,
    plan.where,
    MAX_TOTAL_ROWS,
  );
}

/**
 * The list rows of facts, with the columns that need more than the row (document, amendment, average) —
 * looked up only when `columns` shows them (a list: its view's columns; a contract's detail: all).
 */
export async function buildRows(
  db: Db,
  facts: Facts[],
  market: CrmMarket,
  today: string,
  columns?: readonly ListColumn[],
): Promise<ContractListRow[]> {
  const contractFacts = facts.filter(
    (f): f is ContractFacts & { quantityUnit: string; version: number } => f.kind === 'contract',
  );
  const ticketFacts = facts.filter((f): f is ScaleTicketFacts => f.kind === 'scaleTicket');
  const shows = (c: ListColumn) => !columns || columns.includes(c);
  if (contractFacts.length > 0) {
    const ids = contractFacts.map((f) => f.id);
    const [docs, amendments] = await Promise.all([
      shows('document') || shows('outstanding')
        ? currentDocuments(db, ids, marketZone(market))
        : Promise.resolve(new Map<number, never>()),
      shows('displayContractAmendmentId') ? latestAmendmentIds(db, ids) : Promise.resolve(new Map<number, string>()),
    ]);
    return contractFacts.map((f) => {
      const doc = docs.get(f.id);
      return contractListRow(f, today, {
        quantityUnit: f.quantityUnit,
        marketFutures: null,
        displayContractAmendmentId: amendments.get(f.id) ?? null,
        document: doc ? { fileName: doc.fileName, status: doc.status, createdOn: doc.createdOn } : null,
      });
    });
  }
  const applications = shows('average')
    ? await ticketApplicationPrices(
        db,
        ticketFacts.map((f) => f.id),
      )
    : [];
  return ticketFacts.map((f) =>
    scaleTicketListRow(f, {
      average: weightedAverage(
        applications.filter((a) => a.scaleTicketId === f.id).map((a) => ({ quantity: a.quantity, value: a.cashPrice })),
      ),
    }),
  );
}

// ---------------------------------------------------------------------------------------------------
// The list calls

export type ListCallOptions = {
  raw: ListParams;
  /** CSV of the current view (Accept: text/csv or format=csv). */
  csv: boolean;
  /** scope/:scopeLegalEntityId/search. */
  scopeLegalEntityId?: number;
  /** seller/:clientId/contract: one client's contracts. */
  clientId?: number;
};

export type ListOutcome =
  /** body: the response as JSON text (contractListResponseSchema), sent as it is. */
  | { kind: 'json'; body: string; mode: 'first' | 'keyset' | 'offset' }
  | { kind: 'csv'; csv: string; fileName: string; rows: number };

export async function listContracts(
  deps: CrmDeps,
  request: FastifyRequest,
  options: ListCallOptions,
): Promise<ListOutcome> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  let q = parseListQuery(options.raw);
  if (options.clientId !== undefined) q = { ...q, clientId: options.clientId };
  const market = listMarket(actor, q);
  q = { ...q, marketId: market.id };
  if (q.clientId !== null) await requireClient(deps, actor, q.clientId);

  const extra: SQL[] = [];
  if (options.scopeLegalEntityId !== undefined) {
    const scope = await findPartnerLegalEntityById(db, actor.partner.id, options.scopeLegalEntityId);
    if (!scope) throw new AppError('not_found', `No legal entity ${options.scopeLegalEntityId}.`);
    // The partner's own legal entity scopes everything; a client scopes itself and the clients in its scope.
    if (scope.kind !== 'partner') {
      extra.push(
        sql`(${sql.raw(q.listType === 'contract' ? '"contracts"' : '"scale_tickets"')}."client_id" in (select id from legal_entities where partner_id = ${actor.partner.id} and (id = ${scope.id}::bigint or scope_legal_entity_id = ${scope.id}::bigint)))`,
      );
    }
  }
  const today = marketToday(market);
  const plan = listPlan(q, { partnerId: actor.partner.id, today, extra });

  if (options.csv) {
    const facts = await fetchPage(db, plan, { cursor: null, offset: 0, limit: MAX_TOTAL_ROWS });
    const rows = await buildRows(db, facts, market, today, viewColumns(q.view, q.listType));
    return {
      kind: 'csv',
      csv: listViewCsv(rows, q.view, q.listType),
      fileName: listCsvFileName(q.view, q.listType, today),
      rows: rows.length,
    };
  }

  const fingerprint = fnv1a32(
    canonicalJson({ list: listQueryFingerprint(q), scope: options.scopeLegalEntityId ?? null }),
  );
  const sign = tokenSigner(deps.ctx);
  const window = pageWindow(q.page, q.pageSize);
  let cursor: KeysetCursor | null = null;
  let mode: 'first' | 'keyset' | 'offset' = q.page === 1 ? 'first' : 'offset';
  if (q.page > 1 && q.paginationToken) {
    const decoded = decodePaginationToken(q.paginationToken, { fingerprint, page: q.page }, sign);
    if (decoded.ok) {
      cursor = decoded.cursor;
      mode = 'keyset';
    }
  }
  const columns = viewColumns(q.view, q.listType);
  const shows = (c: ListColumn) => columns.includes(c);
  const pageWindowNow = { cursor, offset: cursor ? 0 : window.offset, limit: window.limit };
  let page: { totalCount: number; rows: string; count: number; last: KeyRow | null };
  if (q.listType === 'deliveries' && shows('average')) {
    // A ticket list showing the average price (no view does today): rows by the domain's builder.
    const [keys, totalCount] = await Promise.all([fetchPageKeys(db, plan, pageWindowNow), countRows(db, plan)]);
    const built = await buildRows(
      db,
      toFacts(
        q.listType,
        await ticketRowsByIds(
          db,
          keys.map((k) => k.id),
        ),
      ),
      market,
      today,
      columns,
    );
    page = {
      totalCount,
      rows: JSON.stringify(built.map((r) => contractListRowSchema.parse(r))),
      count: keys.length,
      last: keys.at(-1) ?? null,
    };
  } else {
    const rowsSql =
      q.listType === 'contract'
        ? (ids: SQL) =>
            contractRowsJsonSql(ids, {
              today,
              timeZone: marketZone(market),
              withDocument: shows('document') || shows('outstanding'),
              withAmendment: shows('displayContractAmendmentId'),
            })
        : ticketRowsJsonSql;
    page = await fetchPageJson(db, plan, pageWindowNow, rowsSql);
  }
  const { totalCount, last } = page;
  const paginationToken =
    last && page.count === window.limit && hasPageAfter(q.page, q.pageSize, totalCount)
      ? encodePaginationToken(
          {
            fingerprint,
            page: q.page + 1,
            cursor: keysetKeyOf(keyFacts(q.listType, last), q.sort, q.listType, { today }),
          },
          sign,
        )
      : null;
  // The response as JSON text around the rows PostgreSQL wrote (contractListResponseSchema, keys in its
  // order): nothing is parsed or re-serialised on the way out.
  const body = `{"rows":${page.rows},"totalCount":${totalCount},"paginationToken":${JSON.stringify(paginationToken)},"page":${q.page},"pageSize":${q.pageSize}}`;
  return { kind: 'json', mode, body };
}

export async function optionMonths(
  deps: CrmDeps,
  request: FastifyRequest,
  raw: ListParams,
): Promise<{ marketId: number; optionMonths: string[] }> {
  const actor = await loadCrmActor(deps, request);
  const q = parseListQuery(raw);
  const market = listMarket(actor, { ...q, tab: 'contracts' });
  const months = await distinctOptionMonths(
    deps.ctx.database.db,
    actor.partner.id,
    market.id,
    effectiveCropIds(q),
    effectiveCropYears(q),
  );
  return { marketId: market.id, optionMonths: months };
}

// ---------------------------------------------------------------------------------------------------
// One contract

function userName(first: string | null, last: string | null, email: string | null): string {
  const name = [first, last].filter(Boolean).join(' ').trim();
  return name || email || 'Unknown user';
}

function amendmentRow(a: AmendmentRow): ContractAmendmentRow {
  return {
    id: a.id,
    displayContractAmendmentId: a.displayContractAmendmentId,
    action: a.action,
    details: a.details,
    createdBy: a.createdById
      ? { id: a.createdById, name: userName(a.createdByFirst, a.createdByLast, a.createdByEmail) }
      : null,
    createdAt: a.createdAt.toISOString(),
  };
}

function documentRow(d: DocumentRow): ContractDocumentRow {
  return { ...d, createdAt: d.createdAt.toISOString(), signedAt: d.signedAt ? d.signedAt.toISOString() : null };
}

function allowedOperations(c: ContractRowData): ContractOperation[] {
  if (c.status !== 'open') return ['note'];
  const q = contractQuantities(c);
  const undelivered = toDecimal(q.undelivered).greaterThan(0);
  const unpriced = toDecimal(q.unpriced).greaterThan(0);
  const out: ContractOperation[] = [];
  if (undelivered) out.push('cancel', 'partial_cancel');
  out.push('note');
  if (unpriced) out.push('futures_roll');
  if (undelivered) out.push('basis_roll');
  if (undelivered && unpriced) out.push('roll');
  return out;
}

/** A contract of a client of the user's partner, at a market where the user may use contracts. */
async function contractInScope(
  deps: CrmDeps,
  actor: CrmActor,
  clientId: number,
  contractId: number,
): Promise<{ contract: ContractRowData; market: CrmMarket }> {
  const contract = await findContract(deps.ctx.database.db, actor.partner.id, contractId);
  if (!contract || contract.clientId !== clientId)
    throw new AppError('not_found', `No contract ${contractId} for client ${clientId}.`);
  const market = requireMarket(
    actor,
    contract.marketId,
    (m) => hasEntitlement(entitlementContext(actor, m), 'grain-buying-contracts'),
    'contracts',
  );
  return { contract, market };
}

async function detailOf(db: Db, contract: ContractRowData, market: CrmMarket): Promise<ContractDetail> {
  const today = marketToday(market);
  const [[row], events, amendments, applications, documents] = await Promise.all([
    buildRows(db, [{ kind: 'contract', ...contract }], market, today),
    listPricingEvents(db, contract.id),
    listAmendments(db, contract.id),
    listTicketApplications(db, contract.id),
    documentsOfContract(db, contract.id),
  ]);
  return {
    contract: row!,
    version: contract.version,
    direction: contract.direction,
    termsHash: contract.termsHash,
    signedTermsHash: contract.signedTermsHash,
    pricingEvents: events.map((e) => ({
      id: e.id,
      quantity: e.quantity,
      futuresPrice: e.futuresPrice,
      basis: e.basis,
      cashPrice: e.cashPrice,
      pricedAt: e.pricedAt.toISOString(),
    })),
    amendments: amendments.map(amendmentRow),
    ticketApplications: applications,
    documents: documents.map(documentRow),
    allowedOperations: allowedOperations(contract),
  };
}

export async function contractDetail(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractId: number,
): Promise<ContractDetail> {
  const actor = await loadCrmActor(deps, request);
  const { contract, market } = await contractInScope(deps, actor, clientId, contractId);
  return detailOf(deps.ctx.database.db, contract, market);
}

// ---------------------------------------------------------------------------------------------------
// Contract operations (grain-marketing.md 4 'Contract operations'; behaviour: docs/decisions/013)

export type OperationInput =
  | { op: 'cancel'; reason?: string | undefined }
  | { op: 'partial_cancel'; quantity: string; reason?: string | undefined }
  | { op: 'note'; note: string }
  | { op: 'futures_roll'; optionMonth: string; spread: string; reason?: string | undefined }
  | {
      op: 'basis_roll';
      deliveryStart: string;
      deliveryEnd: string;
      basisAdjustment: string;
      reason?: string | undefined;
    }
  | {
      op: 'roll';
      optionMonth: string;
      spread: string;
      deliveryStart: string;
      deliveryEnd: string;
      basisAdjustment: string;
      reason?: string | undefined;
    };

const plus = (a: string | null, b: string): string | null =>
  a === null ? null : decimalString(toDecimal(a).plus(toDecimal(b)));

/**
 * What an operation changes: the new terms (for the row) and the amendment's details. Throws 409 when
 * the contract's state does not allow it, 400 when the input does not fit the contract.
 */
async function planOperation(
  db: Db,
  c: ContractRowData,
  input: OperationInput,
): Promise<{
  patch: ContractTermsPatch | null;
  eventUpdates: { id: number; futuresPrice: string | null; basis: string | null; cashPrice: string | null }[];
  details: Record<string, unknown>;
}> {
  if (input.op === 'note') return { patch: null, eventUpdates: [], details: { note: input.note } };
  if (c.status !== 'open')
    throw new AppError('conflict', `Contract ${c.displayContractId} is ${c.status}: it can no longer be changed.`);
  const q = contractQuantities(c);
  const undelivered = toDecimal(q.undelivered);
  const unpriced = toDecimal(q.unpriced);
  const reason = 'reason' in input && input.reason ? { reason: input.reason } : {};
  let cancelled = toDecimal(c.cancelledQuantity);
  let optionMonth = c.optionMonth;
  let deliveryStart = c.deliveryStart;
  let deliveryEnd = c.deliveryEnd;
  let spread = '0';
  let basisAdjustment = '0';
  const details: Record<string, unknown> = { ...reason };

  switch (input.op) {
    case 'cancel':
      if (!undelivered.greaterThan(0))
        throw new AppError('conflict', 'Nothing is left to cancel: the contract is fully delivered.');
      cancelled = cancelled.plus(undelivered);
      details.cancelledQuantity = decimalString(undelivered);
      break;
    case 'partial_cancel': {
      const amount = toDecimal(input.quantity);
      if (!undelivered.greaterThan(0))
        throw new AppError('conflict', 'Nothing is left to cancel: the contract is fully delivered.');
      if (amount.greaterThan(undelivered))
        throw new AppError(
          'invalid_request',
          `At most the undelivered ${decimalString(undelivered)} can be cancelled.`,
        );
      cancelled = cancelled.plus(amount);
      details.cancelledQuantity = decimalString(amount);
      break;
    }
    default: {
      const rollsFutures = input.op === 'futures_roll' || input.op === 'roll';
      const rollsBasis = input.op === 'basis_roll' || input.op === 'roll';
      if (rollsFutures) {
        if (!unpriced.greaterThan(0))
          throw new AppError('conflict', 'Nothing is left to roll: the contract is fully priced.');
        if (c.optionMonth !== null && input.optionMonth <= c.optionMonth) {
          throw new AppError('invalid_request', `A futures roll moves to a later month than ${c.optionMonth}.`);
        }
        details.fromOptionMonth = c.optionMonth;
        details.toOptionMonth = input.optionMonth;
        details.spread = input.spread;
        optionMonth = input.optionMonth;
        spread = input.spread;
      }
      if (rollsBasis) {
        if (!undelivered.greaterThan(0))
          throw new AppError('conflict', 'Nothing is left to roll: the contract is fully delivered.');
        if (input.deliveryEnd <= c.deliveryEnd)
          throw new AppError('invalid_request', `A basis roll moves the delivery end past ${c.deliveryEnd}.`);
        details.fromDelivery = `${c.deliveryStart}/${c.deliveryEnd}`;
        details.toDelivery = `${input.deliveryStart}/${input.deliveryEnd}`;
        details.basisAdjustment = input.basisAdjustment;
        deliveryStart = input.deliveryStart;
        deliveryEnd = input.deliveryEnd;
        basisAdjustment = input.basisAdjustment;
      }
    }
  }

  // Prices: a futures roll adds the spread to the futures of the bushels whose futures are fixed but not
  // yet priced (an HTA); a basis roll adds the adjustment to every fixed basis and every explicit cash
  // price (cash = futures + basis follows). Priced events keep their futures.
  const events = await listPricingEvents(db, c.id);
  const eventUpdates = events
    .map((e) => {
      const futuresOnly = e.futuresPrice !== null && e.basis === null && e.cashPrice === null;
      const futuresPrice = futuresOnly ? plus(e.futuresPrice, spread) : e.futuresPrice;
      const basis = plus(e.basis, basisAdjustment);
      const cashPrice = plus(e.cashPrice, basisAdjustment);
      return {
        id: e.id,
        futuresPrice,
        basis,
        cashPrice,
        changed: futuresPrice !== e.futuresPrice || basis !== e.basis || cashPrice !== e.cashPrice,
      };
    })
    .filter((e) => e.changed)
    .map(({ changed: _changed, ...e }) => e);
  const updatedEvents = events.map((e) => ({ ...e, ...eventUpdates.find((u) => u.id === e.id) }));
  const cancelledQuantity = decimalString(cancelled);
  let pricing: Pick<ContractTermsPatch, 'futuresPrice' | 'basis' | 'cashPrice' | 'pricedQuantity' | 'priceStatus'>;
  if (updatedEvents.length > 0) {
    const p = contractPricing({ quantity: c.quantity, cancelledQuantity }, updatedEvents);
    pricing = {
      futuresPrice: p.averageFutures,
      basis: p.averageBasis,
      cashPrice: p.averageCash,
      pricedQuantity: p.pricedQuantity,
      priceStatus: p.priceStatus,
    };
  } else {
    // A contract recorded without its pricing events (imported): its stored figures move the same way.
    const open = toDecimal(c.quantity).minus(cancelled);
    const futuresOnly = c.priceStatus === 'futures_set';
    pricing = {
      futuresPrice: futuresOnly ? plus(c.futuresPrice, spread) : c.futuresPrice,
      basis: plus(c.basis, basisAdjustment),
      cashPrice: plus(c.cashPrice, basisAdjustment),
      pricedQuantity: c.pricedQuantity,
      priceStatus: priceStatus({
        quantity: c.quantity,
        cancelledQuantity,
        pricedQuantity: c.pricedQuantity,
        futuresOnlyQuantity: futuresOnly ? decimalString(open) : '0',
        basisOnlyQuantity: c.priceStatus === 'basis_set' ? decimalString(open) : '0',
      }),
    };
  }
  const status = contractStatus({
    quantity: c.quantity,
    deliveredQuantity: c.deliveredQuantity,
    cancelledQuantity,
    pricedQuantity: pricing.pricedQuantity ?? c.pricedQuantity,
  });
  const terms = {
    contractType: c.contractType,
    direction: c.direction,
    cropId: c.cropId,
    cropYear: c.cropYear,
    quantity: c.quantity,
    cancelledQuantity,
    deliveryStart,
    deliveryEnd,
    optionMonth,
    futuresPrice: pricing.futuresPrice ?? null,
    basis: pricing.basis ?? null,
    cashPrice: pricing.cashPrice ?? null,
    offerPrice: c.offerPrice,
    strike: c.strike,
    callOptionFee: c.callOptionFee,
    expiration: c.expiration,
    mpOption: c.mpOption,
  };
  details.status = { from: c.status, to: status };
  return {
    patch: {
      ...pricing,
      cancelledQuantity,
      status,
      optionMonth,
      deliveryStart,
      deliveryEnd,
      termsHash: sha256(contractTermsText(terms)),
    },
    eventUpdates,
    details,
  };
}

export async function operateOnContract(
  deps: CrmDeps,
  request: FastifyRequest,
  clientId: number,
  contractId: number,
  input: OperationInput,
): Promise<{ contract: ContractDetail; amendment: ContractAmendmentRow; version: number }> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  await contractInScope(deps, actor, clientId, contractId);
  // A note only adds to the record; everything else changes the terms and must name the version it read.
  const expected = input.op === 'note' ? null : ifMatchVersion(request.headers['if-match']);
  const amendment = await db.transaction(async (tx) => {
    const locked = await lockContract(tx, actor.partner.id, contractId);
    if (!locked || locked.clientId !== clientId)
      throw new AppError('not_found', `No contract ${contractId} for client ${clientId}.`);
    if (expected !== null && locked.version !== expected) {
      throw new AppError('precondition_failed', undefined, { currentVersion: locked.version });
    }
    const plan = await planOperation(tx, locked, input);
    if (plan.patch) {
      for (const e of plan.eventUpdates) await updatePricingEvent(tx, e.id, e);
      if (!(await updateContractTerms(tx, locked.id, locked.version, plan.patch))) {
        throw new AppError('precondition_failed', undefined, { currentVersion: locked.version + 1 });
      }
    }
    const n = (await countAmendments(tx, locked.id)) + 1;
    return insertAmendment(tx, {
      contractId: locked.id,
      displayContractAmendmentId: `${locked.displayContractId}-A${n}`,
      action: input.op,
      details: plan.details,
      createdBy: actor.user.id,
    });
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: `contract_${input.op}`,
    targetType: 'contract',
    targetId: String(contractId),
    details: { amendment: amendment.displayContractAmendmentId, ...amendment.details },
  });
  const fresh = await findContract(db, actor.partner.id, contractId);
  if (!fresh) throw new AppError('not_found');
  const market = partnerMarket(actor, fresh.marketId);
  const detail = await detailOf(db, fresh, market);
  return { contract: detail, amendment: amendmentRow(amendment), version: fresh.version };
}

// ---------------------------------------------------------------------------------------------------
// Documents (merchandising documents, document/:documentId)

export async function listContractDocuments(
  deps: CrmDeps,
  request: FastifyRequest,
  query: {
    marketId: number | null;
    clientId: number | null;
    contractId: number | null;
    status: string | null;
    page: number;
    pageSize: number;
    paginationToken: string | null;
  },
): Promise<{
  rows: ContractDocumentRow[];
  totalCount: number;
  paginationToken: string | null;
  page: number;
  pageSize: number;
}> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const allowed = hasPermission('contract_documents');
  const marketIds =
    query.marketId !== null
      ? [requireMarket(actor, query.marketId, allowed, 'contract documents').id]
      : userMarkets(actor)
          .filter(allowed)
          .map((m) => m.id);
  if (marketIds.length === 0)
    throw new AppError('forbidden', 'You do not have permissions for contract documents at any market.');
  if (query.clientId !== null) await requireClient(deps, actor, query.clientId);
  const fingerprint = fnv1a32(
    canonicalJson({
      list: 'documents',
      marketIds,
      c: query.clientId,
      k: query.contractId,
      s: query.status,
      size: query.pageSize,
    }),
  );
  const sign = tokenSigner(deps.ctx);
  const window = pageWindow(query.page, query.pageSize);
  let afterId: number | null = null;
  if (query.page > 1 && query.paginationToken) {
    const decoded = decodePaginationToken(query.paginationToken, { fingerprint, page: query.page }, sign);
    if (decoded.ok) afterId = decoded.cursor.id;
  }
  const { rows, where } = await listDocuments(db, {
    partnerId: actor.partner.id,
    marketIds,
    clientId: query.clientId,
    contractId: query.contractId,
    status: query.status,
    afterId,
    limit: window.limit,
    offset: afterId !== null ? 0 : window.offset,
  });
  const totalCount = await countDocuments(db, where, MAX_TOTAL_ROWS);
  const last = rows.at(-1);
  const paginationToken =
    last && rows.length === window.limit && hasPageAfter(query.page, query.pageSize, totalCount)
      ? encodePaginationToken({ fingerprint, page: query.page + 1, cursor: { value: null, id: last.id } }, sign)
      : null;
  return { rows: rows.map(documentRow), totalCount, paginationToken, page: query.page, pageSize: query.pageSize };
}

export async function contractDocument(deps: CrmDeps, request: FastifyRequest, documentId: number) {
  const actor = await loadCrmActor(deps, request);
  const doc = await findDocument(deps.ctx.database.db, actor.partner.id, documentId);
  if (!doc) throw new AppError('not_found', `No document ${documentId}.`);
  requireMarket(actor, doc.marketId, hasPermission('contract_documents'), 'contract documents');
  return { ...documentRow(doc), content: doc.content };
}
