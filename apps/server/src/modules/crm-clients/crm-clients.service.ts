// Clients (farmer legal entities) of the buyer's partner: search (merchandising le-search, CTRM
// legal-entities/search), the client profile with its editable summary, and notes.

import type { FastifyRequest } from 'fastify';
import {
  CROP_IDS,
  MAX_TOTAL_ROWS,
  NOTE_MAX_LENGTH,
  canSearchClients,
  canUseNotes,
  canViewClientProfile,
  clientExposureFor,
  clientProfileCharts,
  commodityForCrop,
  countryByCode,
  cropById,
  findCrop,
  noteInputSchema,
  plainNoteText,
  type ClientProfile,
  type ClientSearchResponse,
  type ClientSummaryPatch,
  type ClientSummaryResponse,
  type NoteCategory,
  type NoteListResponse,
  type NoteRow,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import {
  ifMatchVersion,
  keysetPage,
  loadCrmActor,
  marketToday,
  requireClient,
  requireMarket,
  requirePlatform,
  userMarkets,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { followupRow, nextFollowup } from '../crm-markets/crm-markets.public.ts';
import {
  accessOf,
  clientContractsOf,
  clientSearchWhere,
  contactsOf,
  countClients,
  countNotes,
  deleteNote,
  findNote,
  insertNote,
  latestFarmVisitNote,
  listNotesByDate,
  noteVersion,
  noteWhere,
  onboardedOf,
  searchClients,
  touchClientAccess,
  updateClientSummary,
  updateNote,
  type ClientSearchRowData,
  type NoteRowData,
} from './crm-clients.repo.ts';

const canSearch = (m: CrmMarket) => canSearchClients(m.permissions);
const canProfile = (m: CrmMarket) => canViewClientProfile(m.permissions);
const canNotes = (m: CrmMarket) => canUseNotes(m.permissions);

function personName(first: string | null, last: string | null, email: string | null): string {
  return [first, last].filter(Boolean).join(' ').trim() || email || 'Unknown user';
}

// ---------------------------------------------------------------------------------------------------
// Search

export type ClientSearchQuery = {
  search: string | null;
  page: number;
  pageSize: number;
  paginationToken: string | null;
};

async function clientPage(
  deps: CrmDeps,
  partnerId: string,
  marketIds: number[],
  query: ClientSearchQuery,
  list: string,
): Promise<ClientSearchResponse> {
  const db = deps.ctx.database.db;
  const where = clientSearchWhere({ partnerId, marketIds, search: query.search });
  const page = await keysetPage<ClientSearchRowData>(
    deps.ctx,
    query,
    { list, marketIds, search: query.search, size: query.pageSize },
    {
      keyOf: (row) => row.name,
      fetch: (after, limit, offset) =>
        searchClients(db, where, after && { name: after.key, id: after.id }, limit, offset),
      count: () => countClients(db, where, MAX_TOTAL_ROWS),
    },
  );
  return {
    ...page,
    rows: page.rows.map(({ defaultCropId, ...r }) => ({ ...r, defaultCommodity: commodityForCrop(defaultCropId) })),
  };
}

/** market/:marketIds/le-search: clients selling to any of the markets (each the user's, 404 / 403 otherwise). */
export async function leSearch(
  deps: CrmDeps,
  request: FastifyRequest,
  marketIds: number[],
  query: ClientSearchQuery,
): Promise<ClientSearchResponse> {
  const actor = await loadCrmActor(deps, request);
  for (const id of marketIds) requireMarket(actor, id, canSearch, 'clients');
  return clientPage(
    deps,
    actor.partner.id,
    [...marketIds].sort((a, b) => a - b),
    query,
    'le-search',
  );
}

/** CTRM legal-entities/search: clients of the user's markets (or of one, market_id). */
export async function legalEntitySearch(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number | null,
  query: ClientSearchQuery,
): Promise<ClientSearchResponse> {
  const actor = await loadCrmActor(deps, request);
  const marketIds =
    marketId !== null
      ? [requireMarket(actor, marketId, canSearch, 'clients').id]
      : userMarkets(actor)
          .filter(canSearch)
          .map((m) => m.id);
  if (marketIds.length === 0) throw new AppError('forbidden', 'You do not have permissions for clients at any market.');
  return clientPage(deps, actor.partner.id, marketIds, query, 'legal-entities');
}

// ---------------------------------------------------------------------------------------------------
// Profile

function noteRow(n: NoteRowData): NoteRow {
  return {
    id: n.id,
    clientId: n.clientId,
    marketId: n.marketId,
    note: n.note,
    category: n.category,
    noteDate: n.noteDate,
    author: n.authorId ? { id: n.authorId, name: personName(n.authorFirst, n.authorLast, n.authorEmail) } : null,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    version: n.version,
  };
}

/** The crop of the path's :crop (id, commodity code or name); 400 when it names none. */
function pathCrop(value: string | undefined, fallback: number | null) {
  if (value === undefined || value === '') return cropById(fallback ?? CROP_IDS.corn) ?? cropById(CROP_IDS.corn)!;
  const crop = findCrop(value);
  if (!crop) throw new AppError('invalid_request', `Unknown crop '${value.slice(0, 40)}'.`);
  return crop;
}

function pathCropYear(value: string | undefined, fallback: number | null, today: string): number {
  if (value === undefined || value === '') return fallback ?? Number(today.slice(0, 4));
  if (!/^\d{4}$/.test(value)) throw new AppError('invalid_request', 'The crop year is four digits, e.g. 2026.');
  return Number(value);
}

async function profileScope(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  marketId: number,
  clientId: number,
) {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  const market = requireMarket(actor, marketId, canProfile, 'client profiles');
  const client = await requireClient(deps, actor, clientId);
  return { actor, market, client };
}

function latestDay(a: string | null, b: string | null): string | null {
  if (a === null) return b;
  if (b === null) return a;
  return a > b ? a : b;
}

export async function clientProfile(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: { platformId: number; marketId: number; clientId: number },
  cropParam: string | undefined,
  cropYearParam: string | undefined,
): Promise<ClientProfile> {
  const db = deps.ctx.database.db;
  const { actor, market, client } = await profileScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const today = marketToday(market);
  const crop = pathCrop(cropParam, client.defaultCropId);
  const cropYear = pathCropYear(cropYearParam, client.defaultCropYear, today);
  // 'Last accessed' is read before this visit is recorded: the user sees who opened the client before them.
  const [contractsOfCrop, contacts, access, onboarded, next, latestNotes, farmVisitNote] = await Promise.all([
    clientContractsOf(db, actor.partner.id, client.id, crop.id, cropYear),
    contactsOf(db, client.id),
    accessOf(db, client.id),
    onboardedOf(db, client.enterpriseId),
    nextFollowup(db, actor.partner.id, market.id, client.id),
    canNotes(market)
      ? listNotesByDate(
          db,
          noteWhere({ partnerId: actor.partner.id, marketIds: [market.id], clientId: client.id, category: null }),
          null,
          50,
          0,
        )
      : Promise.resolve([] as NoteRowData[]),
    latestFarmVisitNote(db, actor.partner.id, client.id, today),
  ]);
  await touchClientAccess(db, client.id, actor.user.id);
  const clientRecord = {
    id: client.id,
    name: client.name,
    area: client.area,
    estimatedYield: client.estimatedYield,
    contractedWithOther: client.contractedWithOther,
  };
  const exposure = clientExposureFor(clientRecord, contractsOfCrop, crop.id, cropYear);
  const country = countryByCode(market.countryCode);
  const currencyCode = (country?.currency ?? 'USD') as 'USD' | 'CAD' | 'AUD';
  return {
    extClientId: client.extClientId,
    legalEntityId: client.id,
    marketId: market.id,
    crop: { id: crop.id, name: crop.name, displayName: crop.displayName, commodity: crop.symbol },
    cropYear,
    onboardedUsers: onboarded.members.map((u) => ({
      id: u.id,
      legacyId: u.legacyId,
      name: personName(u.firstName, u.lastName, u.email),
    })),
    onboardedEnterprises: onboarded.enterprise
      ? [{ id: onboarded.enterprise.id, legacyId: onboarded.enterprise.id, name: onboarded.enterprise.name }]
      : [],
    summary: {
      clientName: client.name,
      phoneNumber: client.phoneNumber,
      emailAddress: client.emailAddress,
      area: client.area,
      estimatedYield: client.estimatedYield,
      estimatedStorage: client.estimatedStorage,
      flags: { eSignEligible: client.esignEligible, ach: client.ach },
      // The recorded visit, or a later farm-visit note: writing up a visit is how a merchandiser records one.
      lastFarmVisit: latestDay(client.lastFarmVisit, farmVisitNote),
      lastAccessed: {
        leLastAccessed: access[0]?.accessedAt.toISOString() ?? null,
        perUser: access.map((a) => ({
          userId: a.userId,
          name: personName(a.firstName, a.lastName, a.email),
          accessedAt: a.accessedAt.toISOString(),
        })),
      },
      followup: next ? followupRow(next, today) : null,
      contracted: {
        withCompany: exposure.contractedWithCompany,
        withOther: exposure.contractedWithOther,
        doubleObligation: exposure.doubleObligation,
        remaining: exposure.remaining,
        estimatedProduction: exposure.estimatedProduction,
      },
      contractedWithOther: client.contractedWithOther,
      contacts,
      contactPersonId: client.contactPersonId,
    },
    charts: clientProfileCharts(contractsOfCrop),
    notes: latestNotes.map(noteRow),
    quantityUnit: 'bushels',
    areaUnit: market.countryCode === 'AUS' ? 'hectares' : 'acres',
    currency: { id: country?.id ?? 1, code: currencyCode },
    programEnrollments: [],
    defaultCommodity: commodityForCrop(client.defaultCropId),
    defaultCropYear: client.defaultCropYear,
    version: client.version,
  };
}

/** Edits area, estimatedYield, estimatedStorage, contractedWithOther; If-Match names the version edited. */
export async function editClientSummary(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: { platformId: number; marketId: number; clientId: number },
  patch: ClientSummaryPatch,
): Promise<ClientSummaryResponse> {
  const db = deps.ctx.database.db;
  const { actor, client } = await profileScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const expected = ifMatchVersion(request.headers['if-match']);
  if (client.version !== expected)
    throw new AppError('precondition_failed', undefined, { currentVersion: client.version });
  const updated = await updateClientSummary(db, actor.partner.id, client.id, expected, patch);
  if (!updated) {
    const fresh = await requireClient(deps, actor, client.id);
    throw new AppError('precondition_failed', undefined, { currentVersion: fresh.version });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'client_summary_update',
    targetType: 'legal_entity',
    targetId: String(client.id),
    details: { fields: Object.keys(patch), version: updated.version },
  });
  return updated;
}

// ---------------------------------------------------------------------------------------------------
// Notes

export type NotesQuery = { category: string | null; page: number; pageSize: number; paginationToken: string | null };

async function notePage(
  deps: CrmDeps,
  filter: Parameters<typeof noteWhere>[0],
  query: NotesQuery,
  list: string,
): Promise<NoteListResponse> {
  const db = deps.ctx.database.db;
  const where = noteWhere(filter);
  const page = await keysetPage<NoteRowData>(
    deps.ctx,
    query,
    { list, filter, size: query.pageSize },
    {
      keyOf: (row) => row.noteDate,
      fetch: (after, limit, offset) =>
        listNotesByDate(db, where, after && { noteDate: after.key, id: after.id }, limit, offset),
      count: () => countNotes(db, where, MAX_TOTAL_ROWS),
    },
  );
  return { ...page, rows: page.rows.map(noteRow) };
}

async function notesScope(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  marketId: number,
  clientId: number,
) {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  const market = requireMarket(actor, marketId, canNotes, 'notes');
  const client = await requireClient(deps, actor, clientId);
  return { actor, market, client };
}

type NoteIds = { platformId: number; marketId: number; clientId: number };

export async function clientNotes(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  query: NotesQuery,
): Promise<NoteListResponse> {
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  return notePage(
    deps,
    { partnerId: actor.partner.id, marketIds: [market.id], clientId: client.id, category: query.category },
    query,
    'client-notes',
  );
}

/** The merchandising notes feed: notes of one market (market_id) or of every market where the user has notes. */
export async function notesFeed(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number | null,
  clientId: number | null,
  query: NotesQuery,
): Promise<NoteListResponse> {
  const actor = await loadCrmActor(deps, request);
  const marketIds =
    marketId !== null
      ? [requireMarket(actor, marketId, canNotes, 'notes').id]
      : userMarkets(actor)
          .filter(canNotes)
          .map((m) => m.id);
  if (marketIds.length === 0) throw new AppError('forbidden', 'You do not have permissions for notes at any market.');
  if (clientId !== null) await requireClient(deps, actor, clientId);
  return notePage(
    deps,
    { partnerId: actor.partner.id, marketIds, clientId, category: query.category },
    query,
    'notes-feed',
  );
}

/** A note as sent: plain text (control characters dropped), its category and day (query parameters). */
function readNote(body: unknown, category: NoteCategory | undefined, noteDate: string | undefined) {
  if (typeof body !== 'string') throw new AppError('invalid_request', 'A note is sent as text/plain.');
  const text = plainNoteText(body);
  const parsed = noteInputSchema.safeParse({ note: text, category, noteDate });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'note');
    const message =
      field === 'note'
        ? `A note is 1 to ${NOTE_MAX_LENGTH} characters of plain text.`
        : field === 'category'
          ? 'category must be one of inbound_call, outbound_call, farm_visit, meeting, office_visit, other.'
          : 'noteDate must be a day, YYYY-MM-DD.';
    throw new AppError('invalid_request', message, { field });
  }
  return parsed.data;
}

export async function findClientNote(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  noteId: number,
): Promise<NoteRow> {
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  return noteRow(await existingNote(deps, actor, market, client.id, noteId));
}

export async function createNote(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  input: { body: unknown; category?: NoteCategory | undefined; noteDate?: string | undefined },
): Promise<NoteRow> {
  const db = deps.ctx.database.db;
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const note = readNote(input.body, input.category ?? 'other', input.noteDate ?? marketToday(market));
  const id = await insertNote(db, {
    partnerId: actor.partner.id,
    marketId: market.id,
    clientId: client.id,
    authorUserId: actor.user.id,
    ...note,
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'note_create',
    targetType: 'note',
    targetId: String(id),
  });
  const row = await findNote(db, actor.partner.id, id);
  if (!row) throw new AppError('not_found');
  return noteRow(row);
}

async function existingNote(
  deps: CrmDeps,
  actor: CrmActor,
  market: CrmMarket,
  clientId: number,
  noteId: number,
): Promise<NoteRowData> {
  const note = await findNote(deps.ctx.database.db, actor.partner.id, noteId);
  if (!note || note.clientId !== clientId || note.marketId !== market.id)
    throw new AppError('not_found', `No note ${noteId}.`);
  return note;
}

/** A shared note is rewritten only at the version the writer read (If-Match); else 412 and nothing changes. */
export async function editNote(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: NoteIds,
  noteId: number,
  input: { body: unknown; category?: NoteCategory | undefined; noteDate?: string | undefined },
): Promise<NoteRow> {
  const db = deps.ctx.database.db;
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const current = await existingNote(deps, actor, market, client.id, noteId);
  const expected = ifMatchVersion(request.headers['if-match']);
  const note = readNote(input.body, input.category ?? current.category, input.noteDate ?? current.noteDate);
  if (current.version !== expected || !(await updateNote(db, noteId, expected, note))) {
    const now = await noteVersion(db, noteId);
    throw new AppError('precondition_failed', undefined, { currentVersion: now?.version ?? current.version });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'note_update',
    targetType: 'note',
    targetId: String(noteId),
  });
  const row = await findNote(db, actor.partner.id, noteId);
  if (!row) throw new AppError('not_found');
  return noteRow(row);
}

export async function removeNote(deps: CrmDeps, request: FastifyRequest, ids: NoteIds, noteId: number): Promise<void> {
  const db = deps.ctx.database.db;
  const { actor, market, client } = await notesScope(deps, request, ids.platformId, ids.marketId, ids.clientId);
  const current = await existingNote(deps, actor, market, client.id, noteId);
  const expected = ifMatchVersion(request.headers['if-match']);
  if (current.version !== expected || !(await deleteNote(db, noteId, expected))) {
    const now = await noteVersion(db, noteId);
    throw new AppError('precondition_failed', undefined, { currentVersion: now?.version ?? current.version });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'note_delete',
    targetType: 'note',
    targetId: String(noteId),
  });
}
