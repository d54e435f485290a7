// The futures calls: symbols and calendar, quotes, history (any signed-in user: futures prices are market data),
// the markets' rounding modes (buyers of the market's partner; setting one needs 'instruments' there) and the
// admin CSV import (super admins).

import type { FastifyRequest } from 'fastify';
import {
  DEFAULT_ROUNDING_MODE,
  FUTURES_HISTORY_MAX_DAYS,
  FUTURES_PRODUCTS,
  addDays,
  cropById,
  daysBetween,
  exchangeClock,
  futuresProduct,
  futuresProductForCrop,
  parseFuturesSymbol,
  type FuturesHistorical,
  type FuturesSymbolsResponse,
  type Quote,
  type QuoteImportResult,
  type QuotesResponse,
  type QuotesSymbolsList,
  type RoundingMode,
  type RoundingModeRow,
  type RoundingModesResponse,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import { AppError } from '../../platform/errors.ts';
import { loadCrmActor, requireMarket, requirePlatform, type CrmDeps } from '../../platform/crm-access.ts';
import {
  findSymbol,
  historyBetween,
  listSymbols,
  quotesWhere,
  roundingModesOf,
  setRoundingMode,
  symbolsWithQuotes,
} from './futures.repo.ts';
import { importQuotesCsv } from './feeds/csv-import.ts';

export type FuturesDeps = CrmDeps;

/** The exchange's calendar day now: symbols whose last trade day is before it are no longer listed. */
function exchangeToday(now = new Date()): string {
  return exchangeClock(now).date;
}

/** A :timeStamp path value: a day (YYYY-MM-DD), an ISO instant, or epoch milliseconds; 400 otherwise. */
function asOfDay(timeStamp: string | undefined, now = new Date()): string {
  if (timeStamp === undefined || timeStamp === '') return exchangeToday(now);
  if (/^\d{4}-\d{2}-\d{2}$/.test(timeStamp) && !Number.isNaN(Date.parse(`${timeStamp}T00:00:00Z`))) return timeStamp;
  const ms = /^\d{9,13}$/.test(timeStamp)
    ? Number(timeStamp) * (timeStamp.length <= 10 ? 1000 : 1)
    : Date.parse(timeStamp);
  if (!/^\d{9,13}$/.test(timeStamp) && !/^\d{4}-\d{2}-\d{2}T/.test(timeStamp))
    throw new AppError('invalid_request', 'timeStamp must be a date, a date and time, or epoch milliseconds.');
  if (Number.isNaN(ms))
    throw new AppError('invalid_request', 'timeStamp must be a date, a date and time, or epoch milliseconds.');
  return exchangeToday(new Date(ms));
}

export async function futuresSymbolsOfCrop(
  deps: FuturesDeps,
  request: FastifyRequest,
  cropId: number,
  timeStamp?: string,
): Promise<FuturesSymbolsResponse> {
  await requireSession(deps.ctx, request);
  const asOf = asOfDay(timeStamp);
  // A crop priced off another's futures (durum off spring wheat) lists that product's months.
  const product = futuresProductForCrop(cropId);
  const symbols = product ? await listSymbols(deps.ctx.database.db, asOf, { roots: [product.root] }) : [];
  return { cropId, asOf, symbols };
}

export async function futuresSymbolsOfCommodity(
  deps: FuturesDeps,
  request: FastifyRequest,
  commodityId: number,
): Promise<FuturesSymbolsResponse> {
  if (!cropById(commodityId)) {
    await requireSession(deps.ctx, request);
    throw new AppError('not_found', `No commodity ${commodityId}.`);
  }
  return futuresSymbolsOfCrop(deps, request, commodityId);
}

export async function futuresCalendar(deps: FuturesDeps, request: FastifyRequest): Promise<FuturesSymbolsResponse> {
  await requireSession(deps.ctx, request);
  const asOf = exchangeToday();
  return { cropId: null, asOf, symbols: await listSymbols(deps.ctx.database.db, asOf) };
}

export async function quoteOfSymbol(deps: FuturesDeps, request: FastifyRequest, symbol: string): Promise<Quote> {
  await requireSession(deps.ctx, request);
  const [quote] = await quotesWhere(deps.ctx.database.db, { symbols: [symbol] });
  if (!quote) throw new AppError('not_found', `No quote for ${symbol}.`);
  return quote;
}

export async function quotesSymbolsList(deps: FuturesDeps, request: FastifyRequest): Promise<QuotesSymbolsList> {
  await requireSession(deps.ctx, request);
  return { symbols: await symbolsWithQuotes(deps.ctx.database.db, exchangeToday()) };
}

/** The quotes of every month still trading of a root ('ZC', or any of its symbols such as 'ZCZ26'). */
export async function quotesOfRoot(
  deps: FuturesDeps,
  request: FastifyRequest,
  symbolOrRoot: string,
): Promise<QuotesResponse> {
  await requireSession(deps.ctx, request);
  const product = futuresProduct(symbolOrRoot) ?? parseFuturesSymbol(symbolOrRoot)?.product ?? null;
  if (!product) throw new AppError('not_found', `No futures root ${symbolOrRoot}.`);
  return { quotes: await quotesWhere(deps.ctx.database.db, { root: product.root, asOf: exchangeToday() }) };
}

/** The UTC instant of midnight at the exchange on a day. */
function exchangeMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  for (const h of [5, 6]) {
    const at = new Date(Date.UTC(y, m - 1, d, h));
    const c = exchangeClock(at);
    if (c.date === day && c.minutes === 0) return at;
  }
  return new Date(Date.UTC(y, m - 1, d, 6));
}

const HISTORY_POINTS_MAX = 20_000;

export async function futuresHistorical(
  deps: FuturesDeps,
  request: FastifyRequest,
  symbol: string,
  fromDate: string,
  toDate: string,
): Promise<FuturesHistorical> {
  await requireSession(deps.ctx, request);
  if (fromDate > toDate) throw new AppError('invalid_request', 'fromDate must not be after toDate.');
  if (daysBetween(fromDate, toDate) > FUTURES_HISTORY_MAX_DAYS)
    throw new AppError('invalid_request', `At most ${FUTURES_HISTORY_MAX_DAYS} days of history at once.`);
  const db = deps.ctx.database.db;
  if (!(await findSymbol(db, symbol))) throw new AppError('not_found', `No futures symbol ${symbol}.`);
  // From the exchange's midnight starting fromDate to the one ending toDate.
  const end = exchangeMidnight(addDays(toDate, 1));
  const points = await historyBetween(
    db,
    symbol,
    exchangeMidnight(fromDate),
    new Date(end.getTime() - 1),
    HISTORY_POINTS_MAX,
  );
  return { symbol, fromDate, toDate, points };
}

// ---------------------------------------------------------------------------------------------------
// Rounding modes

/** Crops whose bids price off futures: each has a row, set or default. */
const FUTURES_CROP_IDS = [...new Set(FUTURES_PRODUCTS.flatMap((p) => p.cropIds))].sort((a, b) => a - b);

async function roundingMarket(
  deps: FuturesDeps,
  request: FastifyRequest,
  enterpriseId: number,
  marketId: number,
  write: boolean,
) {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, enterpriseId);
  const market = write
    ? requireMarket(actor, marketId, (m) => m.permissions.includes('instruments'), 'bids')
    : requireMarket(actor, marketId, (m) => m.permissions.length > 0, 'this market');
  return { actor, market };
}

export async function marketRoundingModes(
  deps: FuturesDeps,
  request: FastifyRequest,
  enterpriseId: number,
  marketId: number,
): Promise<RoundingModesResponse> {
  await roundingMarket(deps, request, enterpriseId, marketId, false);
  const stored = new Map((await roundingModesOf(deps.ctx.database.db, marketId)).map((r) => [r.cropId, r]));
  const cropIds = [...new Set([...FUTURES_CROP_IDS, ...stored.keys()])].sort((a, b) => a - b);
  const modes: RoundingModeRow[] = cropIds.map((cropId) => {
    const s = stored.get(cropId);
    return s
      ? { marketId, cropId, roundingMode: s.roundingMode, isDefault: false, updatedAt: s.updatedAt }
      : { marketId, cropId, roundingMode: DEFAULT_ROUNDING_MODE, isDefault: true, updatedAt: null };
  });
  return { marketId, modes };
}

function requireCommodity(commodityId: number): void {
  if (!cropById(commodityId)) throw new AppError('not_found', `No commodity ${commodityId}.`);
}

export async function marketRoundingMode(
  deps: FuturesDeps,
  request: FastifyRequest,
  enterpriseId: number,
  marketId: number,
  commodityId: number,
): Promise<RoundingModeRow> {
  const all = await marketRoundingModes(deps, request, enterpriseId, marketId);
  requireCommodity(commodityId);
  return (
    all.modes.find((m) => m.cropId === commodityId) ?? {
      marketId,
      cropId: commodityId,
      roundingMode: DEFAULT_ROUNDING_MODE,
      isDefault: true,
      updatedAt: null,
    }
  );
}

export async function changeRoundingMode(
  deps: FuturesDeps,
  request: FastifyRequest,
  enterpriseId: number,
  marketId: number,
  commodityId: number,
  mode: RoundingMode,
): Promise<RoundingModeRow> {
  const { actor } = await roundingMarket(deps, request, enterpriseId, marketId, true);
  requireCommodity(commodityId);
  const row = await setRoundingMode(deps.ctx.database.db, marketId, commodityId, mode, actor.user.id);
  return { marketId, cropId: commodityId, roundingMode: row.roundingMode, isDefault: false, updatedAt: row.updatedAt };
}

// ---------------------------------------------------------------------------------------------------
// Import

export async function importQuotes(
  deps: FuturesDeps,
  request: FastifyRequest,
  body: unknown,
): Promise<QuoteImportResult> {
  const { user } = await requireSession(deps.ctx, request);
  if (!user.isSuperAdmin) throw new AppError('forbidden', 'Only a super admin may import quotes.');
  if (typeof body !== 'string') throw new AppError('unsupported_media_type', 'Send the quotes as text/csv.');
  return importQuotesCsv(deps.ctx.database.db, body);
}
