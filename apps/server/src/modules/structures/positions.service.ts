// The merchandiser's position (issue 18 'The merchandiser's position'; grain-marketing.md 7 `positions`,
// `position-manager`, `trades/:tradeId?`; docs/decisions/062 'Positions'). Hedge trades are the partner's (structures
// to read, structures-admin to write; If-Match, audited in the request's transaction). The position is computed on
// request, per crop × futures month, on the merchandiser's side (+ long, − short): contracts' remaining bushels with
// their futures fixed (purchases +, sales −), the live structures' deltas as stored by the background valuation
// (positions.risk.ts: calcTheos at the market of the time) and moved to today's futures by their gamma, the hedges
// (futures ± 5,000 bu a contract, options × their Black-76 delta at the month's vol), and the net still to hedge. The
// call never runs the Monte Carlo engine: a structure not valued yet is listed as pending. What sits on a futures month
// that expired is counted in the crop's nearby month, which says so (rollExpiredMonths).

import type { FastifyRequest } from 'fastify';
import {
  BUSHELS_PER_FUTURES_CONTRACT,
  CROPS,
  CrmDecimal,
  decimalString,
  exchangeToday,
  hasAdminPermission,
  lastTradeDay,
  nearbyFuturesMonth,
  parseFuturesSymbol,
  positionProduct,
  toDecimal,
  type HedgeTrade,
  type HedgeTradeBody,
  type Positions,
} from '@granary/domain';
import { audit } from '../../platform/audit.ts';
import {
  etagOf,
  ifMatchVersion,
  loadCrmActor,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import { partnerParameters, structuresReader } from './parameters.service.ts';
import { REVALUE_MOVE, enqueueRiskRefresh } from './positions.risk.ts';
import * as repo from './positions.repo.ts';
import {
  addContracts,
  addHedges,
  emptyAcc,
  rollExpiredMonths,
  rowOut,
  symbolOf,
  totalsOf,
  type LeftOut,
  type MonthMeta,
  type Row,
  type RowOf,
} from './positions.figures.ts';

/** The position's deps: the CRM's. */
export type PositionsDeps = CrmDeps;

// ---------------------------------------------------------------------------------------------------------------------
// Access

const WRITE_DENIED = 'Only structures administrators may record or change hedge trades.';

function may(actor: CrmActor, permission: 'structures' | 'structures-admin', marketId?: number): boolean {
  return hasAdminPermission(actor.adminGrants, permission, {
    isSuperAdmin: actor.isSuperAdmin,
    ...(marketId === undefined ? {} : { marketId }),
  });
}

/** structures or structures-admin (section 6), on some market at least; else 403. */
const reader = structuresReader;

async function writer(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  const actor = await loadCrmActor(deps, request);
  if (!may(actor, 'structures-admin')) throw new AppError('forbidden', WRITE_DENIED);
  return actor;
}

/** The partner's markets whose contracts and structures the user may see in the position (structures on them). */
function positionMarkets(actor: CrmActor): CrmMarket[] {
  return actor.markets.filter((m) => may(actor, 'structures', m.id) || may(actor, 'structures-admin', m.id));
}

// ---------------------------------------------------------------------------------------------------------------------
// Trades

function tradeView(row: repo.HedgeTradeRow, optionMonth: string): HedgeTrade {
  const bushels = new CrmDecimal(row.contracts).times(BUSHELS_PER_FUTURES_CONTRACT);
  return {
    id: row.id,
    cropId: row.cropId,
    futuresSymbol: row.futuresSymbol,
    optionMonth,
    instrument: row.instrument,
    direction: row.direction,
    contracts: row.contracts,
    bushels: decimalString(row.direction === 'buy' ? bushels : bushels.negated()),
    strike: row.strike === null ? null : decimalString(toDecimal(row.strike)),
    price: decimalString(toDecimal(row.price)),
    tradedOn: row.tradedOn,
    account: row.account,
    note: row.note,
    createdBy: row.createdByName,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    cancelledAt: row.cancelledAt ? row.cancelledAt.toISOString() : null,
  };
}

const monthOf = (symbol: string) => parseFuturesSymbol(symbol)?.optionMonth ?? '';

export async function listTrades(
  deps: CrmDeps,
  request: FastifyRequest,
  query: { cropId?: number | undefined; status: 'active' | 'all' },
): Promise<{ rows: HedgeTrade[] }> {
  const actor = await reader(deps, request);
  const rows = await repo.listTrades(deps.ctx.database.db, actor.partner.id, {
    cropId: query.cropId,
    includeCancelled: query.status === 'all',
  });
  return { rows: rows.map((r) => tradeView(r, monthOf(r.futuresSymbol))) };
}

export async function getTrade(deps: CrmDeps, request: FastifyRequest, tradeId: number): Promise<HedgeTrade> {
  const actor = await reader(deps, request);
  const row = await repo.findTrade(deps.ctx.database.db, actor.partner.id, tradeId);
  if (!row) throw new AppError('not_found', `No trade ${tradeId}.`);
  return tradeView(row, monthOf(row.futuresSymbol));
}

function invalid(fields: Record<string, string>): AppError {
  return new AppError('invalid_request', Object.values(fields).join(' '), { fields });
}

/** The body checked against the feed's months: a month the feed lists, of a crop hedged in 5,000-bu contracts. */
async function checkedTrade(db: Db, body: HedgeTradeBody, today: string): Promise<repo.HedgeTradeChange> {
  const fields: Record<string, string> = {};
  const parsed = parseFuturesSymbol(body.futuresSymbol);
  const listed = parsed ? await repo.symbolCrop(db, body.futuresSymbol) : null;
  if (!parsed || listed === null) fields.futuresSymbol = `${body.futuresSymbol} is not a futures month of the feed.`;
  else if (!positionProduct(listed))
    fields.futuresSymbol = `${body.futuresSymbol} does not trade in ${BUSHELS_PER_FUTURES_CONTRACT.toLocaleString('en-US')}-bushel contracts.`;
  if (body.tradedOn > today) fields.tradedOn = 'A trade cannot be dated after today.';
  else if (parsed && body.tradedOn > lastTradeDay(parsed.optionMonth))
    fields.tradedOn = `${body.futuresSymbol} stopped trading on ${lastTradeDay(parsed.optionMonth)}: a trade on it cannot be dated after.`;
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return {
    cropId: listed!,
    futuresSymbol: body.futuresSymbol,
    instrument: body.instrument,
    direction: body.direction,
    contracts: body.contracts,
    strike: body.instrument === 'futures' ? null : (body.strike ?? null),
    price: body.price,
    tradedOn: body.tradedOn,
    account: body.account ? body.account : null,
    note: body.note ?? '',
  };
}

export async function createTrade(
  deps: CrmDeps,
  request: FastifyRequest,
  body: HedgeTradeBody,
): Promise<{ trade: HedgeTrade; etag: string }> {
  const actor = await writer(deps, request);
  const db = deps.ctx.database.db;
  const values = await checkedTrade(db, body, exchangeToday());
  const id = await repo.insertTrade(db, { ...values, partnerId: actor.partner.id, createdBy: actor.user.id });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'hedge_trade_create',
    targetType: 'hedge_trade',
    targetId: String(id),
    details: { ...values },
  });
  const row = await repo.findTrade(db, actor.partner.id, id);
  return { trade: tradeView(row!, monthOf(row!.futuresSymbol)), etag: etagOf(row!.version) };
}

/** The trade locked, its version as If-Match says (412 otherwise), still standing (409 once cancelled). */
async function lockedTrade(db: Db, actor: CrmActor, tradeId: number, expected: number): Promise<repo.HedgeTradeRow> {
  const row = await repo.findTrade(db, actor.partner.id, tradeId, { forUpdate: true });
  if (!row) throw new AppError('not_found', `No trade ${tradeId}.`);
  if (row.version !== expected) throw new AppError('precondition_failed', undefined, { currentVersion: row.version });
  if (row.cancelledAt) throw new AppError('conflict', 'This trade is cancelled.');
  return row;
}

export async function editTrade(
  deps: CrmDeps,
  request: FastifyRequest,
  tradeId: number,
  body: HedgeTradeBody,
): Promise<{ trade: HedgeTrade; etag: string }> {
  const actor = await writer(deps, request);
  const expected = ifMatchVersion(request.headers['if-match']);
  const db = deps.ctx.database.db;
  const before = await lockedTrade(db, actor, tradeId, expected);
  const values = await checkedTrade(db, body, exchangeToday());
  const changes = Object.fromEntries(
    (Object.keys(values) as (keyof typeof values)[])
      .filter((k) => String(values[k] ?? '') !== String(before[k] ?? ''))
      .map((k) => [k, { from: before[k], to: values[k] }]),
  );
  if (Object.keys(changes).length > 0) {
    if (!(await repo.updateTrade(db, actor.partner.id, tradeId, expected, values)))
      throw new AppError('precondition_failed');
    await audit(db, request, {
      actorUserId: actor.user.id,
      action: 'hedge_trade_edit',
      targetType: 'hedge_trade',
      targetId: String(tradeId),
      details: { changes },
    });
  }
  const row = await repo.findTrade(db, actor.partner.id, tradeId);
  return { trade: tradeView(row!, monthOf(row!.futuresSymbol)), etag: etagOf(row!.version) };
}

export async function cancelTrade(
  deps: CrmDeps,
  request: FastifyRequest,
  tradeId: number,
): Promise<{ trade: HedgeTrade; etag: string }> {
  const actor = await writer(deps, request);
  const expected = ifMatchVersion(request.headers['if-match']);
  const db = deps.ctx.database.db;
  await lockedTrade(db, actor, tradeId, expected);
  if (!(await repo.cancelTrade(db, actor.partner.id, tradeId, expected))) throw new AppError('precondition_failed');
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'hedge_trade_cancel',
    targetType: 'hedge_trade',
    targetId: String(tradeId),
  });
  const row = await repo.findTrade(db, actor.partner.id, tradeId);
  return { trade: tradeView(row!, monthOf(row!.futuresSymbol)), etag: etagOf(row!.version) };
}

// ---------------------------------------------------------------------------------------------------------------------
// The position

/** The markets asked for (each the partner's, 404 otherwise, and one the user sees, 403 otherwise), or all seen. */
function marketsAsked(actor: CrmActor, marketIds: string | undefined): number[] {
  const seen = positionMarkets(actor);
  if (marketIds === undefined) return seen.map((m) => m.id);
  const ids = [...new Set(marketIds.split(',').map(Number))];
  for (const id of ids) {
    if (!actor.markets.some((m) => m.id === id)) throw new AppError('not_found', `No market ${id}.`);
    if (!seen.some((m) => m.id === id))
      throw new AppError('forbidden', `You do not have permission to see structured products at market ${id}.`);
  }
  return ids;
}

/** The crops a position covers: the one asked (400 when it has no 5,000-bu futures), else every such crop. */
function cropsAsked(cropId: number | undefined): number[] {
  if (cropId === undefined) return CROPS.filter((c) => positionProduct(c.id) !== null).map((c) => c.id);
  if (!CROPS.some((c) => c.id === cropId) || !positionProduct(cropId))
    throw invalid({ cropId: `Crop ${cropId} has no futures traded in bushels: it has no position.` });
  return [cropId];
}

const PENDING_REASON = 'Not valued yet: its delta is being computed in the background.';

type StoredRisk = NonNullable<repo.LiveStructureRow['risk']>;

/**
 * Whether the background valuation will value this structure again (positions.risk.ts's staleness, told here so the
 * answer can say so): its state or the parameters moved on, valued on an earlier day or over a day ago, or futures
 * moved more than REVALUE_MOVE from the futures it was valued at.
 */
function isStale(
  s: repo.LiveStructureRow,
  risk: StoredRisk,
  parametersVersion: number,
  today: string,
  futures: number | null,
  now: Date,
): boolean {
  if (risk.version !== s.version || risk.parametersVersion !== parametersVersion) return true;
  if (risk.valuationDate! < today || now.getTime() - risk.computedAt!.getTime() > 24 * 3_600_000) return true;
  if (futures === null) return false;
  if (risk.futures === null) return true;
  const f0 = Number(risk.futures);
  return Math.abs(futures - f0) > f0 * REVALUE_MOVE;
}

/** GET positions / position-manager: the position of the user's markets (or those asked), of a crop or all. */
export async function positionsOf(
  deps: PositionsDeps,
  request: FastifyRequest,
  query: { cropId?: number | undefined; marketIds?: string | undefined },
  now: Date = new Date(),
): Promise<Positions> {
  const actor = await reader(deps, request);
  const marketIds = marketsAsked(actor, query.marketIds);
  const cropIds = cropsAsked(query.cropId);
  const db = deps.ctx.database.db;
  const partnerId = actor.partner.id;
  const today = exchangeToday(now);
  const [groups, live, trades, { parameters, version: parametersVersion }] = await Promise.all([
    repo.contractGroups(db, partnerId, marketIds, cropIds),
    repo.liveStructures(db, partnerId, marketIds, cropIds),
    repo.activeTrades(db, partnerId, cropIds),
    partnerParameters(db, partnerId),
  ]);
  const rows = new Map<string, Row>();
  const rowAt = (cropId: number, optionMonth: string): Row => {
    const key = `${cropId}:${optionMonth}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = { cropId, optionMonth, acc: emptyAcc(), expired: null }));
    return row;
  };
  const rowOf: RowOf = (cropId, optionMonth) => rowAt(cropId, optionMonth).acc;
  const metas = new Map<string, MonthMeta>();
  const monthMeta = (cropId: number, optionMonth: string): MonthMeta => {
    const key = `${cropId}:${optionMonth}`;
    let meta = metas.get(key);
    if (!meta) metas.set(key, (meta = { asOf: null, pending: 0 }));
    return meta;
  };
  const metaOf = (cropId: number, optionMonth: string) => metas.get(`${cropId}:${optionMonth}`) ?? null;
  addContracts(rowOf, groups);

  // The quotes of every month in the position, and of each crop's nearby (where expired months are counted).
  const symbols = new Set<string>([...live, ...trades].map((x) => x.futuresSymbol));
  for (const r of rows.values()) symbols.add(symbolOf(r.cropId, r.optionMonth));
  for (const cropId of cropIds) {
    const nearby = nearbyFuturesMonth(cropId, today);
    if (nearby !== null) symbols.add(symbolOf(cropId, nearby));
  }
  const quotes = await latestQuotes(db, [...symbols]);
  const futuresOf = (symbol: string) => {
    const q = quotes.get(symbol);
    return q ? Number(q.last) : null;
  };

  // Live structures: each one's stored delta (the background valuation's, positions.risk.ts), moved from the futures
  // it was valued at to today's by its gamma; never valued yet: pending, and a refresh is asked for.
  const skipped: LeftOut = [];
  const pending: LeftOut = [];
  let refreshing = 0;
  let cached = 0;
  let oldestAt: Date | null = null;
  let newestAt: Date | null = null;
  for (const s of live) {
    const risk = s.risk?.version == null ? null : s.risk;
    const acc = rowOf(s.cropId, s.optionMonth);
    const month = monthMeta(s.cropId, s.optionMonth);
    if (!risk) {
      pending.push({ id: s.id, reason: PENDING_REASON });
      month.pending += 1;
      continue;
    }
    const stale = isStale(s, risk, parametersVersion, today, futuresOf(s.futuresSymbol), now);
    if (risk.delta === null) {
      // The engine could not value it (no quote, no vol, terms refused): left out with the reason, or pending again
      // when what it lacked has changed since.
      if (stale) {
        pending.push({ id: s.id, reason: PENDING_REASON });
        month.pending += 1;
      } else skipped.push({ id: s.id, reason: risk.error ?? 'Not valued.' });
      continue;
    }
    if (stale) refreshing += 1;
    cached += 1;
    const f0 = risk.futures === null ? null : Number(risk.futures);
    const f = futuresOf(s.futuresSymbol);
    acc.structureDelta += risk.delta + (f0 !== null && f !== null ? (risk.gamma ?? 0) * (f - f0) : 0);
    acc.structureCount += 1;
    if (month.asOf === null || risk.computedAt < month.asOf) month.asOf = risk.computedAt;
    if (oldestAt === null || risk.computedAt < oldestAt) oldestAt = risk.computedAt;
    if (newestAt === null || risk.computedAt > newestAt) newestAt = risk.computedAt;
  }
  if (pending.length > 0 || refreshing > 0) await enqueueRiskRefresh(db);
  const skippedTrades = addHedges(rowOf, trades, parameters, futuresOf, today);
  rollExpiredMonths(rows, metas, rowAt, monthMeta, today);

  const out = [...rows.values()]
    .sort((a, b) => a.cropId - b.cropId || a.optionMonth.localeCompare(b.optionMonth))
    .map((r) => rowOut(r, quotes.get(symbolOf(r.cropId, r.optionMonth)), parameters, metaOf(r.cropId, r.optionMonth)));
  return {
    rows: out,
    totals: totalsOf(out),
    valuedAt: now.toISOString(),
    valuationDate: today,
    marketIds,
    structures: {
      count: live.length,
      cached,
      skipped,
      pending,
      refreshing,
      oldestAt: oldestAt?.toISOString() ?? null,
      newestAt: newestAt?.toISOString() ?? null,
    },
    skippedTrades,
  };
}
