// Booking a structure (issue 18 'Booking and life of a structure'; grain-marketing.md 7 SCS `structure/:structId?`,
// `saved-structure`, `structures`, `trade`; decision 062's booking section): the merchandiser quotes a structure for a
// client in one of their markets (the engine builds and values its terms at today's market), edits or cancels the
// quote, trades it — live at once on a verbal confirmation, or pending the client's e-signature — and lists the
// partner's structures with where each stands. Access (section 6): `structures` reads and prices, `structures-admin`
// books, trades, edits and approves; the market must be one the user sees (else 404). Every write is audited in the
// transaction that makes it; a refusal is answered before anything is written.

import type { FastifyRequest } from 'fastify';
import {
  INITIAL_STATE,
  observe,
  type StructureState,
  type StructureTerms,
  type Valuation as EngineValuation,
} from '@granary/scs-engine';
import {
  exchangeClock,
  formatDay,
  formatNumber,
  formatPrice,
  hasAdminPermission,
  intlLocaleOfCountry,
  currencyForCountry,
  signingState,
  type AdminPermission,
  type SaveStructureBody,
  type StructureDetail,
  type StructureInput,
  type StructureListQuery,
  type StructureRows,
  type StructureWordsFormat,
  type WhiteLabelPartner,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import {
  ifMatchVersion,
  keysetPage,
  loadCrmActor,
  requireClient,
  structuredProductAccess,
  type CrmActor,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { latestQuotes } from '../futures/futures.public.ts';
import {
  latestStructureRequest,
  sendStructureForSignature,
  voidStructureSigning,
  type EsignDeps,
} from '../esign/esign.public.ts';
import {
  cachedCloseCosts,
  countStructures,
  findStructure,
  insertStructure,
  listStructures,
  lockStructure,
  observationsOf,
  setSigningRequest,
  structureSortKey,
  updateStructure,
  type StructureListFilter,
  type StructureRow,
} from './booking.repo.ts';
import {
  engine,
  exchangeToday,
  fixed,
  storedQuote,
  marketOf,
  symbolOf,
  termsOf,
  valueTerms,
  type PricedMarket,
} from './booking-engine.ts';
import { closeCostSummary, inputOf, observationOut, rulesOf, structureOut } from './booking-view.ts';
import { notifyStructureEvent } from './booking-notices.ts';
import { todaysCloseCosts } from './booking-close-cost.ts';
import { observeStructures } from './observation.service.ts';
import { enqueueRiskRefresh } from './positions.risk.ts';
import { settlementsSince } from './observation.repo.ts';

export type BookingDeps = EsignDeps;

const READ_DENIED = 'Structured products need the structures or structures-admin permission.';
const ADMIN_DENIED = 'Booking, trading and closing structures need the structures-admin permission.';

function holds(actor: CrmActor, permission: AdminPermission, marketId?: number): boolean {
  return hasAdminPermission(actor.adminGrants, permission, {
    isSuperAdmin: actor.isSuperAdmin,
    ...(marketId === undefined ? {} : { marketId }),
  });
}

function mayAt(actor: CrmActor, need: 'read' | 'admin', marketId: number): boolean {
  return need === 'admin'
    ? holds(actor, 'structures-admin', marketId)
    : holds(actor, 'structures', marketId) || holds(actor, 'structures-admin', marketId);
}

/** The CRM user of a structures call: 403 without structured-product access (or without structures-admin to write). */
export async function structuresActor(
  deps: BookingDeps,
  request: FastifyRequest,
  need: 'read' | 'admin',
): Promise<CrmActor> {
  const actor = await loadCrmActor(deps, request);
  if (!structuredProductAccess(actor)) throw new AppError('forbidden', READ_DENIED);
  if (need === 'admin' && !holds(actor, 'structures-admin')) throw new AppError('forbidden', ADMIN_DENIED);
  return actor;
}

/** A market of the partner the user sees (any permission there), else 404; without the permission there, 403. */
function structuresMarket(actor: CrmActor, marketId: number, need: 'read' | 'admin'): CrmMarket {
  const market = actor.markets.find((m) => m.id === marketId);
  if (!market || market.permissions.length === 0) throw new AppError('not_found', `No market ${marketId}.`);
  if (!mayAt(actor, need, marketId)) throw new AppError('forbidden', need === 'admin' ? ADMIN_DENIED : READ_DENIED);
  return market;
}

/** A structure of the partner in a market the user sees (else 404), with the permission there (else 403). */
export async function structureFor(
  deps: BookingDeps,
  actor: CrmActor,
  structureId: number,
  need: 'read' | 'admin',
): Promise<StructureRow> {
  const row = await findStructure(deps.ctx.database.db, actor.partner.id, structureId);
  const market = row ? actor.markets.find((m) => m.id === row.marketId) : undefined;
  if (!row || !market || market.permissions.length === 0)
    throw new AppError('not_found', `No structure ${structureId}.`);
  structuresMarket(actor, row.marketId, need);
  return row;
}

/** The formatters of a structure's words: the partner's price notation, the market country's days and currency. */
export function wordsFormat(partner: WhiteLabelPartner, country: string): StructureWordsFormat {
  const currency = currencyForCountry(country);
  const locale = intlLocaleOfCountry(country);
  return {
    price: (v) => formatPrice(v, { notation: partner.priceNotation.price, currency, unit: 'bushel', showUnit: true }),
    day: (d) => formatDay(d, locale),
    bushels: (v) => `${formatNumber(v, { maxFractionDigits: 2 })} bu`,
  };
}

type Built = { terms: StructureTerms; symbol: string; priced: PricedMarket; valuation: EngineValuation };

/** The input's terms built, its futures contract found and valued at today's market (400s name the field). */
async function buildAndValue(db: Db, partnerId: string, input: StructureInput): Promise<Built> {
  const terms = await engine(() => termsOf(input), input);
  const symbol = await symbolOf(db, input);
  const priced = await marketOf(db, partnerId, terms, symbol);
  const { valuation } = await valueTerms(terms, priced);
  return { terms, symbol, priced, valuation };
}

function quoteColumns(body: SaveStructureBody, built: Built, at: Date) {
  const input = body.input;
  return {
    marketId: body.marketId,
    clientLegalEntityId: body.clientLegalEntityId,
    kind: input.kind,
    side: input.side,
    name: body.name ?? null,
    cropId: input.cropId,
    cropYear: body.cropYear,
    futuresSymbol: built.symbol,
    optionMonth: input.optionMonth,
    input,
    terms: built.terms,
    quantity: input.quantity,
    fee: input.fee,
    startDate: input.start,
    endDate: input.end,
    quote: storedQuote(built.valuation, built.priced, at),
  };
}

/** The market and client of a save: the market's 404/403 first, then the client (another partner's: 404). */
async function checkPlace(deps: BookingDeps, actor: CrmActor, body: SaveStructureBody): Promise<void> {
  structuresMarket(actor, body.marketId, 'admin');
  await requireClient(deps, actor, body.clientLegalEntityId);
}

/** POST structure, POST saved-structure: a new quote for a client, valued at today's market. */
export async function createStructure(
  deps: BookingDeps,
  request: FastifyRequest,
  body: SaveStructureBody,
): Promise<StructureDetail> {
  const db = deps.ctx.database.db;
  const actor = await structuresActor(deps, request, 'admin');
  await checkPlace(deps, actor, body);
  const built = await buildAndValue(db, actor.partner.id, body.input);
  const now = new Date();
  const id = await db.transaction(async (tx) => {
    const id = await insertStructure(tx, {
      ...quoteColumns(body, built, now),
      partnerId: actor.partner.id,
      status: 'quote',
      state: { ...INITIAL_STATE },
      quotedBy: actor.user.id,
      createdAt: now,
      updatedAt: now,
    });
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'structure_quote_create',
      targetType: 'structure',
      targetId: String(id),
      details: {
        clientId: body.clientLegalEntityId,
        marketId: body.marketId,
        kind: body.input.kind,
        quantity: body.input.quantity,
        futures: fixed(built.priced.market.futures, 4),
        merchandiserValue: fixed(built.valuation.merchandiserValue, 2),
      },
    });
    return id;
  });
  return structureDetail(deps, request, id);
}

/** GET structure/:structId: the structure, its observations, rules, confirmation and today's cached close cost. */
export async function structureDetail(
  deps: BookingDeps,
  request: FastifyRequest,
  structureId: number,
): Promise<StructureDetail> {
  const db = deps.ctx.database.db;
  const actor = await structuresActor(deps, request, 'read');
  const row = await structureFor(deps, actor, structureId, 'read');
  const [observations, quotes, cached, confirmation] = await Promise.all([
    observationsOf(db, row.id),
    latestQuotes(db, [row.futuresSymbol]),
    cachedCloseCosts(db, [row.id]),
    latestStructureRequest(db, row.id),
  ]);
  const quote = quotes.get(row.futuresSymbol) ?? null;
  return {
    ...structureOut(row, exchangeToday(), quote?.last ?? null),
    todayCloseCost: closeCostSummary(cached.get(row.id), row, quote?.tradeDate ?? null),
    observations: observations.map(observationOut),
    rules: rulesOf(row, wordsFormat(actor.partner, row.marketCountry)),
    confirmation: confirmation
      ? {
          requestId: confirmation.id,
          state: signingState(confirmation, confirmation.termsHash),
          sentAt: confirmation.createdAt.toISOString(),
          expiresAt: confirmation.expiresAt.toISOString(),
          signedAt:
            confirmation.status === 'signed' && confirmation.completedAt
              ? confirmation.completedAt.toISOString()
              : null,
          signerName: confirmation.status === 'signed' ? confirmation.signerName : null,
          documentId: confirmation.documentId,
        }
      : null,
  };
}

/** What a PUT changes, field by field (the input compared as JSON). */
function changesOf(row: StructureRow, body: SaveStructureBody): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  if (row.marketId !== body.marketId) out.marketId = { from: row.marketId, to: body.marketId };
  if (row.clientLegalEntityId !== body.clientLegalEntityId)
    out.clientLegalEntityId = { from: row.clientLegalEntityId, to: body.clientLegalEntityId };
  if (row.cropYear !== body.cropYear) out.cropYear = { from: row.cropYear, to: body.cropYear };
  if ((row.name ?? null) !== (body.name ?? null)) out.name = { from: row.name, to: body.name ?? null };
  const before = row.input as Record<string, unknown>;
  const after = body.input as Record<string, unknown>;
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      out[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return out;
}

function stale(current: number): AppError {
  return new AppError('precondition_failed', undefined, { currentVersion: current });
}

function notInStatus(row: StructureRow, what: string): AppError {
  return new AppError('structure_status_conflict', `Structure ${row.id} is ${row.status.replace('_', ' ')}: ${what}.`, {
    status: row.status,
  });
}

/** PUT structure/:structId: a quote re-edited at the version read (If-Match), re-valued at today's market. */
export async function editStructure(
  deps: BookingDeps,
  request: FastifyRequest,
  structureId: number,
  body: SaveStructureBody,
): Promise<StructureDetail> {
  const db = deps.ctx.database.db;
  const expected = ifMatchVersion(request.headers['if-match']);
  const actor = await structuresActor(deps, request, 'admin');
  const current = await structureFor(deps, actor, structureId, 'admin');
  await checkPlace(deps, actor, body);
  if (current.status !== 'quote') throw notInStatus(current, 'only a quote can be edited');
  const built = await buildAndValue(db, actor.partner.id, body.input);
  const now = new Date();
  await db.transaction(async (tx) => {
    const row = await lockStructure(tx, actor.partner.id, structureId);
    if (!row) throw new AppError('not_found', `No structure ${structureId}.`);
    if (row.version !== expected) throw stale(row.version);
    if (row.status !== 'quote') throw notInStatus(row, 'only a quote can be edited');
    const changes = changesOf(row, body);
    if (
      !(await updateStructure(tx, row.id, row.version, { ...quoteColumns(body, built, now), quotedBy: actor.user.id }))
    )
      throw stale(row.version + 1);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'structure_quote_edit',
      targetType: 'structure',
      targetId: String(row.id),
      details: { changes, futures: fixed(built.priced.market.futures, 4) },
    });
  });
  return structureDetail(deps, request, structureId);
}

/** DELETE structure/:structId: a quote (or one waiting for the client's signature) cancelled, its signing voided. */
export async function cancelStructure(
  deps: BookingDeps,
  request: FastifyRequest,
  structureId: number,
): Promise<StructureDetail> {
  const db = deps.ctx.database.db;
  const expected = ifMatchVersion(request.headers['if-match']);
  const actor = await structuresActor(deps, request, 'admin');
  await structureFor(deps, actor, structureId, 'admin');
  await db.transaction(async (tx) => {
    const row = await lockStructure(tx, actor.partner.id, structureId);
    if (!row) throw new AppError('not_found', `No structure ${structureId}.`);
    if (row.version !== expected) throw stale(row.version);
    if (row.status !== 'quote' && row.status !== 'pending_signature')
      throw notInStatus(row, 'only a quote or a structure waiting for the signature can be cancelled');
    if (!(await updateStructure(tx, row.id, row.version, { status: 'cancelled' }))) throw stale(row.version + 1);
    if (row.status === 'pending_signature') await voidStructureSigning(deps, tx, row.id);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'structure_cancel',
      targetType: 'structure',
      targetId: String(row.id),
      details: { from: row.status },
    });
  });
  return structureDetail(deps, request, structureId);
}

/**
 * POST trade {structureId, confirmation}: a quote at the version read (If-Match) becomes a structure with frozen
 * terms — live on a verbal confirmation, pending_signature with a confirmation sent through e-sign otherwise. The
 * terms are rebuilt from the input and re-validated, and valued again at today's market (the trade's quote). A quote
 * whose period has already begun (a late-booked structure) is traded too: its past dates are valued as settling at
 * today's futures (the engine's pendingPastDates 'at-futures'), and once live the nightly job's own observation runs
 * at once for its symbol, observing in order the past dates whose settle is recorded; the others wait for theirs
 * (decision 062, 'A late-booked structure').
 */
export async function tradeStructure(
  deps: BookingDeps,
  request: FastifyRequest,
  body: { structureId: number; confirmation: 'esign' | 'verbal' },
): Promise<StructureDetail> {
  const db = deps.ctx.database.db;
  const expected = ifMatchVersion(request.headers['if-match']);
  const actor = await structuresActor(deps, request, 'admin');
  const current = await structureFor(deps, actor, body.structureId, 'admin');
  if (current.status !== 'quote') throw notInStatus(current, 'only a quote can be traded');
  const input = inputOf(current);
  const terms = await engine(() => termsOf(input), input);
  const now = new Date();
  const priced = await marketOf(db, actor.partner.id, terms, current.futuresSymbol);
  // A late-booked quote is re-priced with its past days at their recorded settles (what the job observes right after),
  // so the trade's quote carries what is already known rather than today's futures for days already settled.
  const recorded = await recordedState(db, terms, current.futuresSymbol, exchangeToday(now));
  const { valuation } = await valueTerms(terms, priced, recorded ? { state: recorded } : {});
  await db.transaction(async (tx) => {
    const row = await lockStructure(tx, actor.partner.id, body.structureId);
    if (!row) throw new AppError('not_found', `No structure ${body.structureId}.`);
    if (row.version !== expected) throw stale(row.version);
    if (row.status !== 'quote') throw notInStatus(row, 'only a quote can be traded');
    const live = body.confirmation === 'verbal';
    const patch = {
      status: live ? ('live' as const) : ('pending_signature' as const),
      terms,
      state: { ...INITIAL_STATE },
      quote: storedQuote(valuation, priced, now),
      tradedAt: now,
      tradedBy: actor.user.id,
    };
    if (!(await updateStructure(tx, row.id, row.version, patch))) throw stale(row.version + 1);
    const sent = live ? null : await sendStructureForSignature(deps, request, tx, row.id, actor.user.id);
    if (sent) await setSigningRequest(tx, row.id, sent.requestId);
    await audit(tx, request, {
      actorUserId: actor.user.id,
      action: 'structure_trade',
      targetType: 'structure',
      targetId: String(row.id),
      details: {
        confirmation: body.confirmation,
        status: patch.status,
        futures: fixed(priced.market.futures, 4),
        merchandiserValue: fixed(valuation.merchandiserValue, 2),
        valuedFromSettlesThrough: recorded?.observedThrough ?? null,
        ...(sent ? { requestId: sent.requestId, notified: sent.notified } : {}),
      },
    });
    if (live) await notifyStructureEvent(tx, row.id, 'traded');
  });
  // A late-booked structure's past dates with a recorded settle: observed now, in order, by the job's own function
  // (a structure waiting for its client's signature is observed by a job enqueued once signed: booking-signed.ts).
  if (body.confirmation === 'verbal' && terms.observations.some((o) => o.date < exchangeToday(now)))
    await observeStructures(db, now, { symbols: [current.futuresSymbol], log: request.log });
  // Its delta for the position manager, valued in the background (decision 062 'Positions', 'Stored risk').
  if (body.confirmation === 'verbal') await enqueueRiskRefresh(db);
  return structureDetail(deps, request, body.structureId);
}

/**
 * A late-booked quote's past observation dates at their recorded settles, in order up to the first one without (the
 * state the nightly job reaches right after the trade); null when its period has not begun or no past day settled.
 */
async function recordedState(
  db: Db,
  terms: StructureTerms,
  symbol: string,
  today: string,
): Promise<StructureState | null> {
  const past = terms.observations.filter((o) => o.date < today);
  if (past.length === 0) return null;
  const from = new Date(Date.parse(`${past[0]!.date}T00:00:00Z`) - 86_400_000);
  // The latest row of a day wins, as a re-import replaces it.
  const settles = new Map(
    (await settlementsSince(db, [symbol], from)).map((r) => [exchangeClock(r.quotedAt).date, Number(r.price)]),
  );
  let state: StructureState = { ...INITIAL_STATE };
  for (const o of past) {
    const settle = settles.get(o.date);
    if (settle === undefined) break;
    state = observe(terms, state, o.date, settle).state;
  }
  return state.observedThrough === null ? null : state;
}

/** The markets whose structures the user may read: those they see and hold structures (or -admin) at. */
function readableMarkets(actor: CrmActor): number[] {
  return actor.markets.filter((m) => m.permissions.length > 0 && mayAt(actor, 'read', m.id)).map((m) => m.id);
}

/**
 * GET structures (and saved-structure): the partner's structures in the markets the user may read, filtered by
 * status, crop, client and market, newest first, keyset-paged like every CRM list; each live row with today's close
 * cost (computed once per structure and trading day, then cached).
 */
export async function listStructureRows(
  deps: BookingDeps,
  request: FastifyRequest,
  query: StructureListQuery,
  saved = false,
): Promise<StructureRows> {
  const db = deps.ctx.database.db;
  const actor = await structuresActor(deps, request, 'read');
  if (query.market_id !== undefined) structuresMarket(actor, query.market_id, 'read');
  if (query.client_legal_entity_id !== undefined) await requireClient(deps, actor, query.client_legal_entity_id);
  const filter: StructureListFilter = {
    partnerId: actor.partner.id,
    marketIds: readableMarkets(actor),
    statuses: saved ? ['quote'] : (query.status ?? null),
    clientId: query.client_legal_entity_id ?? null,
    marketId: query.market_id ?? null,
    cropId: query.cropId ?? null,
    quotedBy: saved ? actor.user.id : null,
  };
  const page = await keysetPage(
    deps.ctx,
    { page: query.page ?? 1, pageSize: query.pageSize ?? 25, paginationToken: query.paginationToken ?? null },
    { ...filter, saved, pageSize: query.pageSize ?? 25 },
    {
      keyOf: structureSortKey,
      fetch: (after, limit, offset) => listStructures(db, filter, after, limit, offset),
      count: () => countStructures(db, filter),
    },
  );
  const today = exchangeToday();
  const { quotes, costs } = await todaysCloseCosts(db, actor.partner.id, page.rows);
  return {
    rows: page.rows.map((row) => {
      const quote = quotes.get(row.futuresSymbol) ?? null;
      return {
        ...structureOut(row, today, quote?.last ?? null),
        todayCloseCost: closeCostSummary(costs.get(row.id), row, quote?.tradeDate ?? null),
      };
    }),
    totalCount: page.totalCount,
    paginationToken: page.paginationToken,
    page: page.page,
    pageSize: page.pageSize,
  };
}
