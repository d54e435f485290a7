// The contracts and deliveries lists (CTRM contracts/search, scope/:id/search, seller/:clientId/contract) and the
// option months. The rules are the domain's: the list query (parseListQuery), the view rules and filters
// (listQueryCondition → SQL), sorting and keyset pages (sortExpression, keysetKeyOf, signed tokens), the 10,000-row
// window, the row builders and CSV. One contract is contract-detail.service.ts, its operations
// contract-operations.service.ts, the contract documents contract-documents.service.ts.

import type { FastifyRequest } from 'fastify';
import { and, sql, type SQL } from 'drizzle-orm';
import {
  MAX_TOTAL_ROWS,
  canUseListTab,
  canonicalJson,
  contractListRow,
  contractListRowSchema,
  decodePaginationToken,
  effectiveCropIds,
  effectiveCropYears,
  encodePaginationToken,
  exprType,
  fnv1a32,
  hasPageAfter,
  idExpression,
  keysetKeyOf,
  listCsvFileName,
  listQueryCondition,
  listQueryFingerprint,
  listViewCsv,
  pageWindow,
  parseListQuery,
  scaleTicketListRow,
  sortExpression,
  viewColumns,
  weightedAverage,
  type ContractFacts,
  type ContractListRow,
  type KeysetCursor,
  type ListColumn,
  type ListParams,
  type ListQuery,
  type ListType,
  type ScaleTicketFacts,
  type ViewFacts,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import type { Db } from '../../platform/db.ts';
import {
  entitlementContext,
  loadCrmActor,
  marketToday,
  marketZone,
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
  currentDocuments,
  distinctOptionMonths,
  latestAmendmentIds,
  contractRowsByIds,
  contractRowsJsonSql,
  ticketRowsByIds,
  ticketRowsJsonSql,
  ticketApplicationPrices,
  type ContractRowData,
  type TicketRowData,
} from './crm-contracts.repo.ts';
import { countCapped, type KeyRow, type ListPlan, fetchPageJson, fetchPageKeys } from './contract-list-pages.repo.ts';

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
