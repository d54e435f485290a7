// Clients (farmer legal entities) of the buyer's partner: search (merchandising le-search, CTRM
// legal-entities/search), and the client profile with its editable summary and the latest notes it shows. The notes
// themselves are client-notes.service.ts.

import type { FastifyRequest } from 'fastify';
import {
  CROP_IDS,
  MAX_TOTAL_ROWS,
  canSearchClients,
  canUseNotes,
  canViewClientProfile,
  clientExposureFor,
  clientProfileCharts,
  commodityForCrop,
  countryByCode,
  cropById,
  findCrop,
  type ClientProfile,
  type ClientSearchResponse,
  type ClientSummaryPatch,
  type ClientSummaryResponse,
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
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { countLegalEntities } from '../../platform/crm-access.repo.ts';
import { followupRow, nextFollowup } from '../crm-markets/crm-markets.public.ts';
import {
  accessOf,
  clientContractsOf,
  clientSearchWhere,
  contactsOf,
  latestFarmVisitNote,
  listNotesByDate,
  noteWhere,
  onboardedOf,
  searchClients,
  touchClientAccess,
  updateClientSummary,
  type ClientSearchRowData,
  type NoteRowData,
} from './crm-clients.repo.ts';

const canSearch = (m: CrmMarket) => canSearchClients(m.permissions);
const canProfile = (m: CrmMarket) => canViewClientProfile(m.permissions);
export const canNotes = (m: CrmMarket) => canUseNotes(m.permissions);

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
      count: () => countLegalEntities(db, where, MAX_TOTAL_ROWS),
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

export function noteRow(n: NoteRowData): NoteRow {
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
