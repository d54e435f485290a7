// /crm/public-bids-admin's calls (grain-marketing.md 2, 6, 7 'Merchandising' market/:marketId/info, market hours,
// announcement/:announcementId?; 'Grain and profit center' markets/announcements/user and .../read): what each
// market's public page shows, its office hours and announcements. A buyer edits them with the info permission on
// that market of their own partner ('Has info'); another partner's market or announcement answers 404 as an unknown
// one does; a farmer (no grain-buying experience) gets 403. Shared records are written at the version read
// (If-Match): a stale version is a 412 and nothing changes.

import type { FastifyRequest } from 'fastify';
import {
  ANNOUNCEMENT_LIST_LIMIT,
  announcementStatus,
  featuresNotOffered,
  fullWeek,
  marketLabel,
  localDateIn,
  marketDayStatus,
  normalizeClosures,
  normalizeContact,
  normalizeDayHours,
  normalizeMarketFeatures,
  normalizePageText,
  offeredMarketFeatures,
  type Announcement,
  type AnnouncementCreate,
  type AnnouncementListResponse,
  type AnnouncementUpdate,
  type MarketClosuresInput,
  type MarketClosuresResponse,
  type MarketHoursResponse,
  type MarketPageSettings,
  type MarketPageSettingsUpdate,
  type UserAnnouncementsResponse,
  type WeeklyHoursInput,
} from '@granary/domain';
import { requireSession } from '../../platform/access.ts';
import { audit } from '../../platform/audit.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import {
  hasPermission,
  ifMatchVersion,
  loadCrmActor,
  marketZone,
  requireMarket,
  type CrmActor,
  type CrmDeps,
  type CrmMarket,
} from '../../platform/crm-access.ts';
import {
  activeAnnouncementsOf,
  deleteAnnouncement,
  farmerMarkets,
  findAnnouncement,
  findMarketPage,
  findMarketSlug,
  insertAnnouncement,
  listAnnouncements,
  listClosures,
  listHours,
  markRead,
  replaceClosures,
  replaceHours,
  saveMarketPage,
  updateAnnouncement,
  type AnnouncementRow,
  type MarketPageRow,
} from './public-market-admin.repo.ts';

/** The public page is edited with the info permission on the market ('Has info', grain-marketing.md 6). */
const canEditPublicPage = hasPermission('info');

async function infoScope(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<{ actor: CrmActor; market: CrmMarket }> {
  const actor = await loadCrmActor(deps, request);
  const market = requireMarket(actor, marketId, canEditPublicPage, 'the public page');
  return { actor, market };
}

function label(market: CrmMarket): string {
  return marketLabel({
    displayName: market.displayName,
    address: { city: market.city, administrativeAreaLevel1: market.administrativeAreaLevel1 },
  });
}

// ---------------------------------------------------------------------------------------------------
// market/:marketId/info

function settingsOf(actor: CrmActor, market: CrmMarket, slug: string, row: MarketPageRow | null): MarketPageSettings {
  return {
    marketId: market.id,
    slug,
    label: label(market),
    timezone: marketZone(market),
    offeredFeatures: offeredMarketFeatures(actor.partner.publicPageFeatures),
    // A market that never saved its page shows nothing yet (version 0).
    features: normalizeMarketFeatures(row?.features ?? []),
    published: row?.published ?? false,
    deliveryInformation: row?.deliveryInformation ?? null,
    additionalInfo: row?.additionalInfo ?? null,
    contacts: row?.contacts ?? [],
    version: row?.version ?? 0,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

async function slugOf(deps: CrmDeps, market: CrmMarket): Promise<string> {
  const slug = await findMarketSlug(deps.ctx.database.db, market.id);
  if (slug === null) throw new AppError('not_found', `No market ${market.id}.`);
  return slug;
}

export async function marketInfo(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<MarketPageSettings> {
  const { actor, market } = await infoScope(deps, request, marketId);
  const [slug, row] = await Promise.all([slugOf(deps, market), findMarketPage(deps.ctx.database.db, market.id)]);
  return settingsOf(actor, market, slug, row);
}

/**
 * Changes the fields sent (each section of the admin page saves its own) at the version read (If-Match; "0" for a
 * page never saved). A feature the partner does not offer is refused (400); features kept from before are left as
 * they are.
 */
export async function changeMarketInfo(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  patch: MarketPageSettingsUpdate,
): Promise<MarketPageSettings> {
  const db = deps.ctx.database.db;
  const { actor, market } = await infoScope(deps, request, marketId);
  const expected = ifMatchVersion(request.headers['if-match']);
  if (patch.features) {
    const refused = featuresNotOffered(patch.features, actor.partner.publicPageFeatures);
    if (refused.length > 0) {
      throw new AppError('invalid_request', `Your partner's public pages do not offer ${refused.join(', ')}.`, {
        field: 'features',
        notOffered: refused,
      });
    }
  }
  const [slug, current] = await Promise.all([slugOf(deps, market), findMarketPage(db, market.id)]);
  const currentVersion = current?.version ?? 0;
  if (currentVersion !== expected) throw new AppError('precondition_failed', undefined, { currentVersion });
  const values = {
    features: patch.features ? normalizeMarketFeatures(patch.features) : (current?.features ?? []),
    published: patch.published ?? current?.published ?? false,
    deliveryInformation:
      patch.deliveryInformation !== undefined
        ? normalizePageText(patch.deliveryInformation)
        : (current?.deliveryInformation ?? null),
    additionalInfo:
      patch.additionalInfo !== undefined ? normalizePageText(patch.additionalInfo) : (current?.additionalInfo ?? null),
    contacts: patch.contacts ? patch.contacts.map(normalizeContact) : (current?.contacts ?? []),
  };
  const saved = await saveMarketPage(db, market.id, expected, values, actor.user.id);
  if (!saved) {
    const fresh = await findMarketPage(db, market.id);
    throw new AppError('precondition_failed', undefined, { currentVersion: fresh?.version ?? 0 });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'market_public_page_update',
    targetType: 'market',
    targetId: String(market.id),
    details: {
      fields: Object.keys(patch).filter((k) => patch[k as keyof MarketPageSettingsUpdate] !== undefined),
      version: saved.version,
    },
  });
  return settingsOf(actor, market, slug, saved);
}

// ---------------------------------------------------------------------------------------------------
// market/:marketId/hours

async function hoursOf(db: Db, market: CrmMarket, now: Date): Promise<MarketHoursResponse> {
  const zone = marketZone(market);
  const [stored, closures] = await Promise.all([listHours(db, market.id), listClosures(db, market.id)]);
  return {
    marketId: market.id,
    timezone: zone,
    configured: stored.length > 0,
    days: fullWeek(stored),
    // A holiday or announced closure today is never 'open now'.
    openNow: marketDayStatus(stored, closures, zone, now).open,
  };
}

export async function marketHoursOf(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<MarketHoursResponse> {
  const { market } = await infoScope(deps, request, marketId);
  return hoursOf(deps.ctx.database.db, market, new Date());
}

/** Replaces the market's week: each weekday open from–to, or closed. */
export async function changeMarketHours(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  input: WeeklyHoursInput,
): Promise<MarketHoursResponse> {
  const db = deps.ctx.database.db;
  const { actor, market } = await infoScope(deps, request, marketId);
  const days = input.days.map(normalizeDayHours);
  await replaceHours(db, market.id, days);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'market_hours_update',
    targetType: 'market',
    targetId: String(market.id),
    details: { days },
  });
  return hoursOf(db, market, new Date());
}

// ---------------------------------------------------------------------------------------------------
// market/:marketId/closures: holiday hours and announced closures

async function closuresOf(db: Db, market: CrmMarket, now: Date): Promise<MarketClosuresResponse> {
  const zone = marketZone(market);
  return {
    marketId: market.id,
    timezone: zone,
    today: localDateIn(now, zone),
    closures: await listClosures(db, market.id),
  };
}

export async function marketClosuresOf(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<MarketClosuresResponse> {
  const { market } = await infoScope(deps, request, marketId);
  return closuresOf(deps.ctx.database.db, market, new Date());
}

/** Replaces the market's dated entries: each date closed, or open with special hours, and its label. */
export async function changeMarketClosures(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
  input: MarketClosuresInput,
): Promise<MarketClosuresResponse> {
  const db = deps.ctx.database.db;
  const { actor, market } = await infoScope(deps, request, marketId);
  const closures = normalizeClosures(input.closures);
  await replaceClosures(db, market.id, closures);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'market_closures_update',
    targetType: 'market',
    targetId: String(market.id),
    details: { closures },
  });
  return closuresOf(db, market, new Date());
}

// ---------------------------------------------------------------------------------------------------
// announcement/:announcementId?

function announcementOf(row: AnnouncementRow, now: Date = new Date()): Announcement {
  return {
    id: row.id,
    marketId: row.marketId,
    title: row.title,
    body: row.body,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
    status: announcementStatus(row, now),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function marketAnnouncements(
  deps: CrmDeps,
  request: FastifyRequest,
  marketId: number,
): Promise<AnnouncementListResponse> {
  const { market } = await infoScope(deps, request, marketId);
  const rows = await listAnnouncements(deps.ctx.database.db, market.id, ANNOUNCEMENT_LIST_LIMIT);
  const now = new Date();
  return { marketId: market.id, announcements: rows.map((r) => announcementOf(r, now)) };
}

/** An announcement of a market of the user's partner where they may edit the public page, else 404 / 403. */
async function announcementScope(deps: CrmDeps, request: FastifyRequest, id: number) {
  const actor = await loadCrmActor(deps, request);
  const row = await findAnnouncement(deps.ctx.database.db, id);
  if (!row || row.partnerId !== actor.partner.id) throw new AppError('not_found', `No announcement ${id}.`);
  const market = requireMarket(actor, row.marketId, canEditPublicPage, 'the public page');
  return { actor, market, row };
}

export async function oneAnnouncement(deps: CrmDeps, request: FastifyRequest, id: number): Promise<Announcement> {
  const { row } = await announcementScope(deps, request, id);
  return announcementOf(row);
}

const valuesOf = (input: AnnouncementUpdate) => ({
  title: input.title,
  body: input.body,
  startsAt: new Date(input.startsAt),
  endsAt: input.endsAt === null ? null : new Date(input.endsAt),
});

export async function createAnnouncement(
  deps: CrmDeps,
  request: FastifyRequest,
  input: AnnouncementCreate,
): Promise<Announcement> {
  const db = deps.ctx.database.db;
  const { actor, market } = await infoScope(deps, request, input.marketId);
  const row = await insertAnnouncement(db, market.id, valuesOf(input), actor.user.id);
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'announcement_create',
    targetType: 'announcement',
    targetId: String(row.id),
    details: { marketId: market.id },
  });
  return announcementOf(row);
}

export async function changeAnnouncement(
  deps: CrmDeps,
  request: FastifyRequest,
  id: number,
  input: AnnouncementUpdate,
): Promise<Announcement> {
  const db = deps.ctx.database.db;
  const { actor, row } = await announcementScope(deps, request, id);
  const expected = ifMatchVersion(request.headers['if-match']);
  if (row.version !== expected) throw new AppError('precondition_failed', undefined, { currentVersion: row.version });
  const updated = await updateAnnouncement(db, id, expected, valuesOf(input));
  if (!updated) {
    const fresh = await findAnnouncement(db, id);
    if (!fresh) throw new AppError('not_found', `No announcement ${id}.`);
    throw new AppError('precondition_failed', undefined, { currentVersion: fresh.version });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'announcement_update',
    targetType: 'announcement',
    targetId: String(id),
    details: { version: updated.version },
  });
  return announcementOf(updated);
}

/** Removes an announcement; with If-Match, only at that version (412 otherwise). */
export async function removeAnnouncement(deps: CrmDeps, request: FastifyRequest, id: number): Promise<void> {
  const db = deps.ctx.database.db;
  const { actor, row } = await announcementScope(deps, request, id);
  const header = request.headers['if-match'];
  const expected = header === undefined ? null : ifMatchVersion(header);
  if (expected !== null && row.version !== expected)
    throw new AppError('precondition_failed', undefined, { currentVersion: row.version });
  if (!(await deleteAnnouncement(db, id, expected))) {
    const fresh = await findAnnouncement(db, id);
    if (!fresh) throw new AppError('not_found', `No announcement ${id}.`);
    throw new AppError('precondition_failed', undefined, { currentVersion: fresh.version });
  }
  await audit(db, request, {
    actorUserId: actor.user.id,
    action: 'announcement_delete',
    targetType: 'announcement',
    targetId: String(id),
  });
}

// ---------------------------------------------------------------------------------------------------
// markets/announcements/user (a signed-in farmer)

/** At most this many announcements are listed for a farmer (active ones only, newest first). */
const USER_ANNOUNCEMENTS_LIMIT = 100;

async function farmerAnnouncements(deps: CrmDeps, request: FastifyRequest) {
  const { user } = await requireSession(deps.ctx, request);
  const db = deps.ctx.database.db;
  const markets = await farmerMarkets(db, user.id);
  const rows = await activeAnnouncementsOf(
    db,
    markets.map((m) => m.id),
    user.id,
    new Date(),
    USER_ANNOUNCEMENTS_LIMIT,
  );
  return { user, markets, rows };
}

/** The active announcements of the markets the signed-in user's farms deal with, each with whether they read it. */
export async function userAnnouncements(deps: CrmDeps, request: FastifyRequest): Promise<UserAnnouncementsResponse> {
  const { markets, rows } = await farmerAnnouncements(deps, request);
  const labels = new Map(
    markets.map((m) => [
      m.id,
      marketLabel({
        displayName: m.displayName,
        address: { city: m.city, administrativeAreaLevel1: m.administrativeAreaLevel1 },
      }),
    ]),
  );
  return {
    announcements: rows.map((r) => ({
      id: r.id,
      marketId: r.marketId,
      marketLabel: labels.get(r.marketId) ?? '',
      title: r.title,
      body: r.body,
      startsAt: r.startsAt.toISOString(),
      endsAt: r.endsAt ? r.endsAt.toISOString() : null,
      read: r.read,
    })),
    unreadCount: rows.filter((r) => !r.read).length,
  };
}

/** Marks announcements read for the signed-in user; ids that are not among theirs are ignored. */
export async function markUserAnnouncementsRead(
  deps: CrmDeps,
  request: FastifyRequest,
  ids: number[],
): Promise<{ unreadCount: number }> {
  const { user, rows } = await farmerAnnouncements(deps, request);
  const wanted = new Set(ids);
  const mine = rows.filter((r) => wanted.has(r.id) && !r.read).map((r) => r.id);
  await markRead(deps.ctx.database.db, user.id, mine);
  return { unreadCount: rows.filter((r) => !r.read && !mine.includes(r.id)).length };
}
