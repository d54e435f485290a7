// Cash bids (instruments) of the buyer CRM (grain-marketing.md 2 '/crm/bids', 4, 6, 7 'Merchandising'):
// the grid per market and crop, create / edit / delete / undelete with If-Match versions, the bulk basis
// move (all or nothing), and the farmer's read of a market's public bids. Access: the user's partner's
// market with the per-market 'instruments' permission (another partner's market or bid is a 404, a
// farmer a 403); prices are computed by the domain with exact decimals and the market's rounding mode.

import type { FastifyRequest } from 'fastify';
import {
  BASIS_BOUND_CENTS,
  adjustBasis,
  adjustmentBoundCents,
  applyInstrumentUpdate,
  cropById,
  expandCropFilter,
  findCrop,
  instrumentFieldsOf,
  instrumentProblems,
  isBasisWithinUnitBound,
  normalizeInstrument,
  priceUnitForCrop,
  quantityUnitForCrop,
  toDecimal,
  bidsMarketTopic,
  type BidsEventPayload,
  type BulkBasisRequest,
  type BulkBasisResponse,
  type InstrumentCreate,
  type InstrumentCropSummary,
  type InstrumentDeletedFilter,
  type InstrumentFields,
  type InstrumentListResponse,
  type InstrumentProblem,
  type InstrumentRow,
  type InstrumentUpdate,
  type InstrumentVisibility,
  type OffersHitResponse,
  type PublicBidsResponse,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import { requireSession } from '../../platform/access.ts';
import { publish } from '../../platform/events.ts';
import type { Db } from '../../platform/db.ts';
import { recordBidsHistory } from './bid-history.repo.ts';
import {
  hasPermission,
  ifMatchVersion,
  loadCrmActor,
  marketToday,
  requireMarket,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import {
  clientMarketPartner,
  findInstrumentRecord,
  insertInstrument,
  instrumentCropCounts,
  instrumentRecordsByIds,
  instrumentRows,
  isListedSymbol,
  listInstrumentRecords,
  liveBasisInstrumentIds,
  lockInstruments,
  marketRoundingModeMap,
  moveBasis,
  publicBids,
  roundingModeOf,
  setInstrumentDeleted,
  updateInstrument,
  type InstrumentRecord,
  type InstrumentValues,
} from './bids.repo.ts';
import { checkOffers, offersHitByBasis } from '../offers/offers.public.ts';
import { linkOrigin } from '../identity/identity.public.ts';

/** Live updates: every bid change publishes 'bids:market:<id>' (ids only) so that open grids, the public page and My Sales Lite refetch. */
async function publishBidsChanged(
  db: Db,
  marketId: number,
  action: BidsEventPayload['action'],
  instrumentIds: number[],
): Promise<void> {
  const payload: BidsEventPayload = { marketId, action, instrumentIds };
  await publish(db, bidsMarketTopic(marketId), payload);
}

/** A market of the user's partner where they hold 'instruments' (404 another partner's, 403 without the permission). */
function bidsMarket(actor: CrmActor, marketId: number): CrmMarket {
  return requireMarket(actor, marketId, hasPermission('instruments'), 'bids');
}

/** The basis bound as the trade says it (the web's message too): cents a bushel, the API's value being dollars. */
const BASIS_BOUND_MESSAGE = `Enter a basis between -${BASIS_BOUND_CENTS} and ${BASIS_BOUND_CENTS} cents a bushel (the basis is sent in dollars: -${BASIS_BOUND_CENTS / 100} to ${BASIS_BOUND_CENTS / 100}; a tonne: its equivalent).`;

function invalid(problems: InstrumentProblem[]): AppError {
  const basisOut = problems.some((p) => p.code === 'basis_out_of_bound');
  const listed = `The bid is not valid: ${problems.map((p) => `${p.field} ${p.code}`).join(', ')}.`;
  return new AppError('invalid_request', basisOut ? `${listed} ${BASIS_BOUND_MESSAGE}` : listed, { problems });
}

/** A bid of the user's partner at a market where they hold 'instruments'. */
async function scopedInstrument(
  deps: CrmDeps,
  actor: CrmActor,
  id: number,
): Promise<{ record: InstrumentRecord; market: CrmMarket }> {
  const record = await findInstrumentRecord(deps.ctx.database.db, actor.partner.id, id);
  if (!record) throw new AppError('not_found', `No bid ${id}.`);
  return { record, market: bidsMarket(actor, record.marketId) };
}

async function rowOf(db: Db, record: InstrumentRecord): Promise<InstrumentRow> {
  const [row] = await instrumentRows(db, record.marketId, [record]);
  return row!;
}

async function reload(deps: CrmDeps, actor: CrmActor, id: number): Promise<InstrumentRow> {
  const record = await findInstrumentRecord(deps.ctx.database.db, actor.partner.id, id);
  if (!record) throw new AppError('not_found', `No bid ${id}.`);
  return rowOf(deps.ctx.database.db, record);
}

// ---------------------------------------------------------------------------------------------------
// Reads

export type InstrumentListQuery = {
  /** cropFilter values (ids, commodity codes or names; 'all'), or the v2 path's crop. */
  cropFilter: string[];
  visibility: InstrumentVisibility | 'all';
  deleted: InstrumentDeletedFilter;
  cropYear: number | null;
};

/** The crop ids a cropFilter stands for (null: every crop); an unknown crop is a 400. Wheat includes its classes. */
function cropIdsOfFilter(values: readonly string[]): number[] | null {
  const wanted = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (wanted.length === 0 || wanted.some((v) => v.toLowerCase() === 'all')) return null;
  const ids = wanted.map((v) => {
    const crop = findCrop(v);
    if (!crop)
      throw new AppError('invalid_request', `Unknown crop '${v.slice(0, 40)}' in cropFilter.`, { field: 'cropFilter' });
    return crop.id;
  });
  return expandCropFilter(ids);
}

/** instruments/market/:marketId (and the v2 by crop): the market's bids with live cash prices and its crop tabs. */
export async function listInstruments(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  query: InstrumentListQuery,
): Promise<InstrumentListResponse> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const market = bidsMarket(actor, marketId);
  const cropIds = cropIdsOfFilter(query.cropFilter);
  const [records, counts, modes] = await Promise.all([
    listInstrumentRecords(db, {
      partnerId: actor.partner.id,
      marketId,
      cropIds,
      cropYear: query.cropYear,
      visibility: query.visibility === 'all' ? null : query.visibility,
      deleted: query.deleted,
    }),
    instrumentCropCounts(db, actor.partner.id, marketId),
    marketRoundingModeMap(db, marketId),
  ]);
  const crops: InstrumentCropSummary[] = counts.map((c) => {
    const unit = priceUnitForCrop(c.cropId);
    return {
      cropId: c.cropId,
      cropName: cropById(c.cropId)?.displayName ?? String(c.cropId),
      priceUnit: unit,
      currency: unit === 'tonne' ? 'CAD' : 'USD',
      count: c.count,
      roundingMode: roundingModeOf(modes, c.cropId),
    };
  });
  return { marketId, today: marketToday(market), crops, rows: await instrumentRows(db, marketId, records) };
}

export async function getInstrument(deps: CrmDeps, request: FastifyRequest, id: number): Promise<InstrumentRow> {
  const actor = await loadCrmActor(deps, request);
  const { record } = await scopedInstrument(deps, actor, id);
  return rowOf(deps.ctx.database.db, record);
}

// ---------------------------------------------------------------------------------------------------
// Writes

/** The rules, then that the futures month is listed (a bid can only reference a quoted month). */
async function checkedValues(
  db: Db,
  fields: InstrumentFields,
  options: { today?: string; contracted?: string },
): Promise<InstrumentValues> {
  const f = normalizeInstrument(fields);
  const problems = instrumentProblems(f, options);
  if (problems.length > 0) throw invalid(problems);
  if (f.futuresSymbol !== null && !(await isListedSymbol(db, f.futuresSymbol))) {
    throw new AppError('invalid_request', `The futures month ${f.futuresSymbol} is not listed.`, {
      problems: [{ field: 'futuresSymbol', code: 'symbol_not_listed' }],
    });
  }
  return {
    cropId: f.cropId,
    cropYear: f.cropYear,
    name: f.name,
    deliveryStart: f.deliveryStart,
    deliveryEnd: f.deliveryEnd,
    futuresSymbol: f.futuresSymbol,
    basis: f.basis === null ? null : toDecimal(f.basis).toFixed(4),
    flatPrice: f.flatPrice === null ? null : toDecimal(f.flatPrice).toFixed(4),
    quantityCap: f.quantityCap === null ? null : toDecimal(f.quantityCap).toFixed(4),
    quantityUnit: quantityUnitForCrop(f.cropId),
    visibility: f.visibility,
    offersAllowed: f.offersAllowed,
    notes: f.notes,
  };
}

export async function createInstrument(
  deps: CrmDeps,
  request: FastifyRequest,
  input: InstrumentCreate,
): Promise<InstrumentRow> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const market = bidsMarket(actor, input.marketId);
  const { marketId, ...fields } = input;
  const values = await checkedValues(db, fields, { today: marketToday(market) });
  const id = await insertInstrument(db, { ...values, partnerId: actor.partner.id, marketId, createdBy: actor.user.id });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'instrument_create',
    targetType: 'instrument',
    targetId: String(id),
    details: { marketId },
  });
  await recordBidsHistory(db, actor.partner.id, [id]);
  await publishBidsChanged(db, marketId, 'created', [id]);
  return reload(deps, actor, id);
}

function stale(currentVersion: number): AppError {
  return new AppError('precondition_failed', undefined, { currentVersion });
}

export async function editInstrument(
  deps: CrmDeps,
  request: FastifyRequest,
  id: number,
  patch: InstrumentUpdate,
): Promise<InstrumentRow> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const { record, market } = await scopedInstrument(deps, actor, id);
  const expected = ifMatchVersion(request.headers['if-match']);
  if (record.version !== expected) throw stale(record.version);
  if (record.deletedAt !== null) throw new AppError('conflict', 'The bid is deleted: undelete it to edit it.');
  const current = instrumentFieldsOf(record);
  const merged = applyInstrumentUpdate(current, patch);
  // An expired futures month is refused when it is chosen (or the delivery moves), not on every later edit.
  const repriced =
    merged.futuresSymbol !== current.futuresSymbol ||
    merged.deliveryStart !== current.deliveryStart ||
    merged.deliveryEnd !== current.deliveryEnd;
  const values = await checkedValues(db, merged, {
    contracted: record.quantityContracted,
    ...(repriced ? { today: marketToday(market) } : {}),
  });
  if (!(await updateInstrument(db, id, expected, values))) {
    const now = await findInstrumentRecord(db, actor.partner.id, id);
    throw stale(now?.version ?? record.version);
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'instrument_update',
    targetType: 'instrument',
    targetId: String(id),
    details: { fields: Object.keys(patch), version: expected + 1 },
  });
  await recordBidsHistory(db, actor.partner.id, [id]);
  await publishBidsChanged(db, record.marketId, 'updated', [id]);
  // A new basis, price or futures month may bring the cash to working offers' targets.
  await checkOffers(db, { instrumentIds: [id], origin: linkOrigin(deps.ctx, request, actor.partner) });
  return reload(deps, actor, id);
}

/** DELETE instruments/:id (If-Match) and POST instruments/undelete/:id (If-Match optional): the bid hides or comes back. */
export async function setDeleted(
  deps: CrmDeps,
  request: FastifyRequest,
  id: number,
  deleted: boolean,
): Promise<InstrumentRow> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const { record } = await scopedInstrument(deps, actor, id);
  const header = request.headers['if-match'];
  const expected = deleted || header !== undefined ? ifMatchVersion(header) : record.version;
  if (record.version !== expected) throw stale(record.version);
  if ((record.deletedAt !== null) === deleted) return rowOf(db, record);
  if (!(await setInstrumentDeleted(db, id, expected, deleted, actor.user.id))) {
    const now = await findInstrumentRecord(db, actor.partner.id, id);
    throw stale(now?.version ?? record.version);
  }
  const action = deleted ? 'instrument_delete' : 'instrument_undelete';
  await audit(db, request, { actorUserId: actor.user.id, action, targetType: 'instrument', targetId: String(id) });
  if (!deleted) await recordBidsHistory(db, actor.partner.id, [id]);
  await publishBidsChanged(db, record.marketId, deleted ? 'deleted' : 'restored', [id]);
  return reload(deps, actor, id);
}

/**
 * Moves the basis of the chosen bids (or of a crop's live basis bids) by adjustmentCents. All or
 * nothing: a deleted or flat bid among the chosen, an adjustment beyond the unit's bound, or a new basis
 * out of the bound refuses the whole move with a 400 and changes nothing.
 */
export async function bulkMoveBasis(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  input: BulkBasisRequest,
): Promise<BulkBasisResponse> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  bidsMarket(actor, marketId);
  const ids =
    input.instrumentIds !== undefined
      ? [...new Set(input.instrumentIds)]
      : await liveBasisInstrumentIds(db, actor.partner.id, marketId, input.cropId!, input.cropYear ?? null);
  if (ids.length === 0)
    throw new AppError('invalid_request', 'There are no basis bids to move.', {
      problems: [{ field: 'cropId', code: 'nothing_to_move' }],
    });
  const adjustment = toDecimal(input.adjustmentCents);
  // Prices are kept to 4 decimals of a dollar: a move is in hundredths of a cent at the finest.
  if (adjustment.decimalPlaces() > 2) {
    throw new AppError('invalid_request', 'Move the basis by whole cents or hundredths of a cent.', {
      problems: [{ field: 'adjustmentCents', code: 'too_precise' }],
    });
  }
  await db.transaction(async (tx) => {
    const locked = await lockInstruments(tx, actor.partner.id, marketId, ids);
    if (locked.length !== ids.length) {
      const found = new Set(locked.map((r) => r.id));
      throw new AppError('not_found', `No bid ${ids.find((id) => !found.has(id))} at market ${marketId}.`);
    }
    const refused: { id: number; code: string }[] = [];
    for (const r of locked) {
      if (r.deletedAt !== null) refused.push({ id: r.id, code: 'deleted' });
      else if (r.basis === null || r.futuresSymbol === null) refused.push({ id: r.id, code: 'flat_price' });
      else {
        const unit = priceUnitForCrop(r.cropId);
        if (
          adjustment.abs().gt(adjustmentBoundCents(unit)) ||
          !isBasisWithinUnitBound(adjustBasis(r.basis, input.adjustmentCents), unit)
        ) {
          refused.push({ id: r.id, code: 'basis_out_of_bound' });
        }
      }
    }
    if (refused.length > 0) {
      throw new AppError(
        'invalid_request',
        refused.some((r) => r.code === 'basis_out_of_bound')
          ? `The move would take a basis beyond ±${BASIS_BOUND_CENTS} cents a bushel: nothing was changed.`
          : 'Only live basis bids can be moved: nothing was changed.',
        { refused },
      );
    }
    await moveBasis(tx, ids, adjustment.div(100).toFixed(4));
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'instrument_basis_move',
    targetType: 'market',
    targetId: String(marketId),
    details: { adjustmentCents: input.adjustmentCents, instrumentIds: ids },
  });
  await recordBidsHistory(db, actor.partner.id, ids);
  await publishBidsChanged(db, marketId, 'basis_moved', ids);
  await checkOffers(db, { instrumentIds: ids, origin: linkOrigin(deps.ctx, request, actor.partner) });
  const records = await instrumentRecordsByIds(db, actor.partner.id, ids);
  return { adjustmentCents: adjustment.toFixed(), rows: await instrumentRows(db, marketId, records) };
}

// ---------------------------------------------------------------------------------------------------
// The farmer's read

/** market/:marketId/bids for a signed-in farmer whose farm is a client of the market; else 404. */
export async function farmerMarketBids(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<PublicBidsResponse> {
  const db = deps.ctx.database.db;
  const { user } = await requireSession(deps.ctx, request);
  const partnerId = await clientMarketPartner(db, user.id, marketId);
  if (!partnerId) throw new AppError('not_found', `No market ${marketId}.`);
  return publicBids(db, { partnerId, marketId });
}

/**
 * "N offers will be hit" before a basis change is saved: the working offers on the market's bids that a new basis
 * (`basis`, dollars) or a move (`adjustmentCents`) would hit at the current futures quotes. A read: nothing changes.
 */
export async function offersHit(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  query: { instrumentIds: number[]; basis?: string | undefined; adjustmentCents?: string | undefined },
): Promise<OffersHitResponse> {
  const actor = await loadCrmActor(deps, request);
  bidsMarket(actor, marketId);
  const { basis, adjustmentCents } = query;
  if ((basis === undefined) === (adjustmentCents === undefined))
    throw new AppError('invalid_request', 'Give either basis (dollars) or adjustmentCents.', {
      problems: [{ field: basis === undefined ? 'basis' : 'adjustmentCents', code: 'basis_or_adjustment' }],
    });
  const newBasis = (current: string) =>
    basis !== undefined ? toDecimal(basis).toFixed(4) : adjustBasis(current, adjustmentCents!);
  const counts = await offersHitByBasis(deps.ctx.database.db, marketId, query.instrumentIds, newBasis);
  const instruments = [...counts].map(([instrumentId, count]) => ({ instrumentId, count }));
  return { count: instruments.reduce((sum, i) => sum + i.count, 0), instruments };
}
