// Merchandising bootstrap, the user's markets (with permissions, entitlements and admin permissions),
// and the dashboard's data: task-list counts, follow-ups (upcoming / past, 90-day buckets), recent
// client activity and last-updated.

import type { FastifyRequest } from 'fastify';
import {
  MAX_TOTAL_ROWS,
  TASK_LIST_RULES,
  TASK_LIST_STATUSES,
  bidsOffersExtCommodities,
  cropById,
  dashboardEntitlementKey,
  daysOverdue,
  entitlementsFor,
  hasSustainability,
  followupAgeBucket,
  followupAgeBucketFromParam,
  followupDueRange,
  followupState,
  formatNumber,
  hasEntitlement,
  isCrmAdmin,
  marketLabel,
  normalizeMarketPermissions,
  parseListQuery,
  MARKET_PERMISSIONS,
  type AdminGrants,
  type FollowupCreate,
  type FollowupListResponse,
  type FollowupRow,
  type FollowupUpdate,
  type CrmMarketRow,
  type CrmMarketsResponse,
  type LastUpdatedResponse,
  type ListParams,
  type MerchandisingBootstrap,
  type RecentActivityResponse,
  type TaskListResponse,
} from '@granary/domain';
import { AppError } from '../../platform/errors.ts';
import { audit } from '../../platform/audit.ts';
import {
  adminGrantsFor,
  entitlementContext,
  hasPermission,
  loadCrmActor,
  marketToday,
  requireClient,
  requireMarket,
  requirePlatform,
  structuredProductAccess,
  keysetPage,
  userMarkets,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import { listPartnerMarketsForUser } from '../../platform/crm-access.repo.ts';
import {
  countFollowups,
  findFollowup,
  findPartnerUser,
  insertFollowup,
  lastUpdated,
  listFollowups,
  noteOfClient,
  recentActivity,
  updateFollowup,
  type FollowupRowData,
} from './crm-markets.repo.ts';
import { conditionSql, countRows, listPlan } from '../crm-contracts/crm-contracts.public.ts';
import { lastIngestSuccessAt } from '../ingest/ingest.public.ts';

// ---------------------------------------------------------------------------------------------------
// Bootstrap and markets

export async function merchandisingBootstrap(deps: CrmDeps, request: FastifyRequest): Promise<MerchandisingBootstrap> {
  const actor = await loadCrmActor(deps, request);
  const le = actor.partnerLegalEntity;
  const b = actor.partner.branding;
  return {
    partnerLegalEntity: le,
    partner: {
      id: actor.partner.id,
      displayName: actor.partner.displayName,
      shortName: b.shortName,
      tradeName: b.tradeName,
    },
    partnerHasCrm: actor.partner.experiences.includes('crm'),
    ingestDashboardAccess: isCrmAdmin(actor.adminGrants, { isSuperAdmin: actor.isSuperAdmin }),
    structuredProductAccess: structuredProductAccess(actor),
    bids_offers_ext_commodities: bidsOffersExtCommodities(),
    hasExternalScope: le !== null && le.scopeLegalEntityId !== 0,
    defaultScopeLegalEntityId: 0,
  };
}

function marketRow(actor: CrmActor, m: CrmMarket): CrmMarketRow {
  const address = { city: m.city, administrativeAreaLevel1: m.administrativeAreaLevel1 };
  return {
    id: m.id,
    displayName: m.displayName,
    label: marketLabel({ displayName: m.displayName, address }),
    address,
    countryCode: m.countryCode,
    timezone: m.timezone,
    userPermissions: m.permissions,
    // Some crop/year with sustainability enabled (an open program, else the market's flag; decision 059).
    sustainabilityEnabled: hasSustainability(entitlementContext(actor, m)),
    entitlements: entitlementsFor(entitlementContext(actor, m)),
  };
}

/**
 * le/:platformId/markets. limit_by_user_id: 'true' / '1' or the user's own id → only the user's markets;
 * another user's id (uuid or legacy id, of the same partner) → that user's markets and permissions, for
 * a CRM admin only; absent → every market of the partner with the user's permissions on each.
 */
export async function listMarkets(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  options: { limitByUserId: string | null; includeAdminPermissions: boolean },
): Promise<CrmMarketsResponse> {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  let subject = actor;
  let limit = false;
  const limitBy = options.limitByUserId?.trim() ?? '';
  if (limitBy !== '' && limitBy !== 'false' && limitBy !== '0') {
    limit = true;
    const self =
      limitBy === 'true' || limitBy === '1' || limitBy === actor.user.id || limitBy === String(actor.user.legacyId);
    if (!self) {
      if (!isCrmAdmin(actor.adminGrants, { isSuperAdmin: actor.isSuperAdmin })) {
        throw new AppError('forbidden', "Only an administrator may list another user's markets.");
      }
      const other = await findPartnerUser(deps.ctx.database.db, actor.partner.id, limitBy);
      if (!other) throw new AppError('not_found', `No user ${limitBy}.`);
      const rows = await listPartnerMarketsForUser(deps.ctx.database.db, actor.partner.id, other.id);
      subject = {
        ...actor,
        user: other,
        adminGrants: other.adminPermissions as AdminGrants,
        isSuperAdmin: other.isSuperAdmin,
        markets: rows.map((r) => ({
          ...r,
          permissions: other.isSuperAdmin ? [...MARKET_PERMISSIONS] : normalizeMarketPermissions(r.permissions),
        })),
      };
    }
  }
  const markets = (limit ? userMarkets(subject) : subject.markets).map((m) => marketRow(subject, m));
  if (!options.includeAdminPermissions) return { markets };
  return {
    markets,
    adminPermissions: adminGrantsFor(subject),
    isAdmin: isCrmAdmin(subject.adminGrants, { isSuperAdmin: subject.isSuperAdmin }),
  };
}

// ---------------------------------------------------------------------------------------------------
// Dashboard

const hasDashboard = (actor: CrmActor) => (m: CrmMarket) =>
  hasEntitlement(entitlementContext(actor, m), dashboardEntitlementKey(actor.partner.branding.shortName));

/** market_id when given (404 / 403 as for every market id), else the user's first market with the dashboard. */
function dashboardMarket(actor: CrmActor, marketId: number | null): CrmMarket {
  const allowed = hasDashboard(actor);
  if (marketId !== null) return requireMarket(actor, marketId, allowed, 'the dashboard');
  const first = userMarkets(actor).find(allowed);
  if (!first) throw new AppError('forbidden', 'You do not have permissions for the dashboard at any market.');
  return first;
}

/**
 * The dashboard task list: contracts of the market in each task-list status (TASK_LIST_RULES), within
 * the list context (commodity / cropId / crop_year and the other list filters), each counted up to
 * 10,000.
 */
export async function taskList(
  deps: CrmDeps,
  request: FastifyRequest,
  platformId: number,
  raw: ListParams,
): Promise<TaskListResponse> {
  const actor = await loadCrmActor(deps, request);
  requirePlatform(actor, platformId);
  const parsed = parseListQuery(raw);
  const market = dashboardMarket(actor, parsed.marketId);
  const q = {
    ...parsed,
    marketId: market.id,
    view: 'default' as const,
    tab: 'contracts' as const,
    listType: 'contract' as const,
  };
  const today = marketToday(market);
  const db = deps.ctx.database.db;
  const counts = await Promise.all(
    TASK_LIST_STATUSES.map((s) =>
      countRows(
        db,
        listPlan(q, { partnerId: actor.partner.id, today, extra: [conditionSql(TASK_LIST_RULES[s], { today })] }),
      ),
    ),
  );
  return {
    marketId: market.id,
    today,
    counts: Object.fromEntries(TASK_LIST_STATUSES.map((s, i) => [s, counts[i]!])) as TaskListResponse['counts'],
  };
}

function personName(first: string | null, last: string | null, email: string | null): string {
  return [first, last].filter(Boolean).join(' ').trim() || email || 'Unknown user';
}

export function followupRow(r: FollowupRowData, today: string): FollowupRow {
  return {
    id: r.id,
    clientId: r.clientId,
    clientName: r.clientName,
    marketId: r.marketId,
    dueDate: r.dueDate,
    description: r.description,
    noteId: r.noteId,
    assignedUser: r.assignedUserId
      ? { id: r.assignedUserId, name: personName(r.assignedFirst, r.assignedLast, r.assignedEmail) }
      : null,
    state: followupState(r.dueDate, today),
    ageBucket: followupAgeBucket(r.dueDate, today),
    daysOverdue: daysOverdue(r.dueDate, today),
    doneAt: r.doneAt ? r.doneAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Follow-ups are read with the dashboard or the notes permission, written with notes. */
const canReadFollowups = (actor: CrmActor) => (m: CrmMarket) =>
  hasDashboard(actor)(m) || m.permissions.includes('notes');

export type FollowupQuery = {
  marketId: number | null;
  clientId: number | null;
  state: 'upcoming' | 'past' | null;
  age: string | null;
  assigned: 'me' | 'all';
  page: number;
  pageSize: number;
  paginationToken: string | null;
};

export async function followupList(
  deps: CrmDeps,
  request: FastifyRequest,
  query: FollowupQuery,
): Promise<FollowupListResponse> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const allowed = canReadFollowups(actor);
  let market: CrmMarket;
  if (query.marketId !== null) market = requireMarket(actor, query.marketId, allowed, 'follow-ups');
  else {
    const first = userMarkets(actor).find(allowed);
    if (!first) throw new AppError('forbidden', 'You do not have permissions for follow-ups at any market.');
    market = first;
  }
  if (query.clientId !== null) await requireClient(deps, actor, query.clientId);
  const today = marketToday(market);
  const filter = {
    partnerId: actor.partner.id,
    marketId: market.id,
    clientId: query.clientId,
    assignedUserId: query.assigned === 'me' ? actor.user.id : null,
  };
  // age (under / over) picks a bucket of the past ones; state picks upcoming or past; neither: all open ones.
  const bucket = followupAgeBucketFromParam(query.age);
  const which = bucket ?? query.state;
  const range = which ? followupDueRange(which, today) : { from: null, to: null };
  const order: 'asc' | 'desc' = which === null || which === 'upcoming' ? 'asc' : 'desc';
  const under = followupDueRange('under90Days', today);
  const over = followupDueRange('over90Days', today);
  let counts: Awaited<ReturnType<typeof countFollowups>> | null = null;
  const page = await keysetPage<FollowupRowData>(
    deps.ctx,
    query,
    { list: 'followups', filter, which, size: query.pageSize },
    {
      keyOf: (row) => row.dueDate,
      fetch: (after, limit, offset) =>
        listFollowups(db, {
          ...filter,
          ...range,
          order,
          after: after && { dueDate: after.key, id: after.id },
          limit,
          offset,
        }),
      count: async () => {
        counts = await countFollowups(db, filter, { today, under90From: under.from!, over90To: over.to! });
        const c = counts;
        return Math.min(
          MAX_TOTAL_ROWS,
          bucket === 'under90Days'
            ? c.under90Days
            : bucket === 'over90Days'
              ? c.over90Days
              : which === 'upcoming'
                ? c.upcoming
                : which === 'past'
                  ? c.past
                  : c.upcoming + c.past,
        );
      },
    },
  );
  return { ...page, rows: page.rows.map((r) => followupRow(r, today)), counts: counts! };
}

export async function createFollowup(
  deps: CrmDeps,
  request: FastifyRequest,
  input: FollowupCreate,
): Promise<FollowupRow> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const market = requireMarket(actor, input.marketId, hasPermission('notes'), 'follow-ups');
  await requireClient(deps, actor, input.clientId);
  if (input.noteId != null && !(await noteOfClient(db, input.noteId, input.clientId))) {
    throw new AppError('invalid_request', `Note ${input.noteId} is not a note of client ${input.clientId}.`);
  }
  let assignedUserId = actor.user.id;
  if (input.assignedUserId) {
    const assignee = await findPartnerUser(db, actor.partner.id, input.assignedUserId);
    if (!assignee) throw new AppError('invalid_request', 'A follow-up is assigned to a user of the same partner.');
    assignedUserId = assignee.id;
  }
  const id = await insertFollowup(db, {
    partnerId: actor.partner.id,
    marketId: market.id,
    clientId: input.clientId,
    assignedUserId,
    noteId: input.noteId ?? null,
    dueDate: input.dueDate,
    description: input.description,
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'followup_create',
    targetType: 'followup',
    targetId: String(id),
  });
  const row = await findFollowup(db, actor.partner.id, id);
  if (!row) throw new AppError('not_found');
  return followupRow(row, marketToday(market));
}

export async function changeFollowup(
  deps: CrmDeps,
  request: FastifyRequest,
  id: number,
  input: FollowupUpdate,
): Promise<FollowupRow> {
  const db = deps.ctx.database.db;
  const actor = await loadCrmActor(deps, request);
  const existing = await findFollowup(db, actor.partner.id, id);
  if (!existing) throw new AppError('not_found', `No follow-up ${id}.`);
  const market = requireMarket(actor, existing.marketId, hasPermission('notes'), 'follow-ups');
  await updateFollowup(db, id, {
    ...(input.done !== undefined ? { doneAt: input.done ? (existing.doneAt ?? new Date()) : null } : {}),
    ...(input.dueDate !== undefined ? { dueDate: input.dueDate } : {}),
    ...(input.description !== undefined ? { description: input.description } : {}),
  });
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'followup_update',
    targetType: 'followup',
    targetId: String(id),
    details: { ...input },
  });
  const row = await findFollowup(db, actor.partner.id, id);
  if (!row) throw new AppError('not_found');
  return followupRow(row, marketToday(market));
}

function activitySummary(r: {
  type: string;
  note?: string;
  display?: string;
  quantity?: string;
  unit?: string;
  cropId?: number;
}): string {
  if (r.type === 'note') {
    const text = (r.note ?? '').replace(/\s+/g, ' ').trim();
    return text.length > 120 ? `${text.slice(0, 119)}…` : text;
  }
  const unit = r.unit === 'bushels' ? 'bu' : (r.unit ?? '');
  const crop = r.cropId !== undefined ? (cropById(r.cropId)?.displayName ?? '') : '';
  return `${r.display ?? ''} · ${formatNumber(r.quantity ?? '0')} ${unit} ${crop}`.trim();
}

export async function recentClientActivity(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number | null,
  limit: number,
): Promise<RecentActivityResponse> {
  const actor = await loadCrmActor(deps, request);
  const market = dashboardMarket(actor, marketId);
  const rows = await recentActivity(deps.ctx.database.db, actor.partner.id, market.id, marketToday(market), limit);
  const items = rows
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
    .slice(0, limit)
    .map((r) => ({
      type: r.type,
      id: r.id,
      clientId: r.clientId,
      clientName: r.clientName,
      marketId: market.id,
      at: r.at.toISOString(),
      summary: activitySummary(r),
    }));
  return { marketId: market.id, items };
}

export async function marketLastUpdated(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number | null,
): Promise<LastUpdatedResponse> {
  const actor = await loadCrmActor(deps, request);
  let market: CrmMarket;
  if (marketId !== null) market = requireMarket(actor, marketId, (m) => m.permissions.length > 0, 'this market');
  else {
    const first = userMarkets(actor)[0];
    if (!first) throw new AppError('forbidden', 'You have no markets.');
    market = first;
  }
  const [at, synced] = await Promise.all([
    lastUpdated(deps.ctx.database.db, actor.partner.id, market.id),
    lastIngestSuccessAt(deps.ctx.database.db, actor.partner.id),
  ]);
  const all = [at.contracts, at.scaleTickets, at.notes].filter((d): d is Date => d !== null);
  // A partner whose data comes from its ERP (ingested-data): its data is as fresh as its last successful sync.
  const latest = synced ?? (all.length > 0 ? new Date(Math.max(...all.map((d) => d.getTime()))) : null);
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    marketId: market.id,
    contracts: iso(at.contracts),
    scaleTickets: iso(at.scaleTickets),
    notes: iso(at.notes),
    lastUpdated: iso(latest),
  };
}
