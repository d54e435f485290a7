// Who may do what in the buyer CRM (grain-marketing.md 6), checked on every CRM call: the user must have
// the grain-buying experience and work for a partner; they see only that partner's markets, clients
// and contracts (another partner's id answers 404, as an unknown one does); inside the partner each
// market grants its own permissions (market_user_permissions; a super admin holds all), and the
// entitlement table decides the lists. Shared server code (platform/): every CRM module (markets, clients,
// contracts, e-sign, bids, offers, futures, public page admin, profit center) and the live events build on it.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_PERMISSIONS,
  MARKET_PERMISSIONS,
  canonicalJson,
  decodePaginationToken,
  encodePaginationToken,
  fnv1a32,
  hasAdminPermission,
  hasPageAfter,
  isoDateInZone,
  pageWindow,
  normalizeMarketPermissions,
  type AdminGrants,
  type AdminPermission,
  type AdminGrantsResponse,
  type EntitlementContext,
  type MarketPermission,
  type TokenSigner,
  type WhiteLabelPartner,
} from '@granary/domain';
import type { AppContext } from './context.ts';
import { extendSession, requireSession, sessionExtra } from './access.ts';
import { AppError } from './errors.ts';
import { hmac, sha256 } from './crypto.ts';
import type { UserRow } from './sessions.repo.ts';
import type { PartnerDirectory } from './partner-directory.ts';
import {
  crmActorRowsOf,
  crmActorRowsSql,
  findCrmActorRows,
  findPartnerClient,
  type ClientRow,
  type PartnerLegalEntityRow,
} from './crm-access.repo.ts';

export type CrmDeps = { ctx: AppContext; partners: PartnerDirectory };

export type CrmMarket = {
  id: number;
  displayName: string | null;
  city: string;
  administrativeAreaLevel1: string;
  countryCode: 'USA' | 'CAN' | 'AUS';
  timezone: string;
  sustainabilityEnabled: boolean;
  /** The crop/years of the market's sustainability programs (null: none; the market's flag decides), decision 059. */
  sustainabilityCropYears: { cropId: number; cropYear: number; enabled: boolean }[] | null;
  /** The user's permissions here (empty: the market is the partner's but not the user's). */
  permissions: MarketPermission[];
};

export type CrmActor = {
  user: UserRow;
  partner: WhiteLabelPartner;
  partnerLegalEntity: PartnerLegalEntityRow | null;
  /** Every market of the partner, in id order, with the user's permissions on each. */
  markets: CrmMarket[];
  adminGrants: AdminGrants;
  isSuperAdmin: boolean;
};

const actors = new WeakMap<FastifyRequest, Promise<CrmActor>>();

/**
 * The CRM routes of a plugin load their actor's markets, permissions and partner legal entity in the
 * session's own query (one round trip for session, user and actor instead of three queries). Nothing is
 * cached beyond the request: a permission revoked is seen by the next call.
 */
export function loadCrmActorWithSession(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    extendSession(request, crmActorRowsSql);
    done();
  });
}

/**
 * The CRM user of a request (loaded once per request): 401 without a session; 403 without the
 * grain-buying experience or a partner (a farmer, staff without a partner).
 */
export function loadCrmActor(deps: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  let cached = actors.get(request);
  if (!cached) {
    cached = loadActor(deps, request);
    actors.set(request, cached);
  }
  return cached;
}

async function loadActor({ ctx, partners }: CrmDeps, request: FastifyRequest): Promise<CrmActor> {
  const state = await requireSession(ctx, request);
  const { user } = state;
  if (user.experiences?.grain_buying !== true)
    throw new AppError('forbidden', 'The CRM needs the grain buying experience.');
  if (!user.partnerId) throw new AppError('forbidden', 'The CRM is for the buyers of a partner.');
  const partner = await partners.byId(user.partnerId);
  if (!partner) throw new AppError('forbidden', 'The CRM is for the buyers of a partner.');
  // Loaded with the session (loadCrmActorWithSession) for this very user, else one query now.
  const loaded = sessionExtra(state, crmActorRowsSql);
  const { markets: rows, partnerLegalEntity } =
    loaded === undefined ? await findCrmActorRows(ctx.database.db, partner.id, user.id) : crmActorRowsOf(loaded);
  const markets = rows.map((r) => ({
    id: r.id,
    displayName: r.displayName,
    city: r.city,
    administrativeAreaLevel1: r.administrativeAreaLevel1,
    countryCode: r.countryCode,
    timezone: r.timezone,
    sustainabilityEnabled: r.sustainabilityEnabled,
    sustainabilityCropYears: r.sustainabilityCropYears ?? null,
    permissions: user.isSuperAdmin ? [...MARKET_PERMISSIONS] : normalizeMarketPermissions(r.permissions),
  }));
  return {
    user,
    partner,
    partnerLegalEntity,
    markets,
    adminGrants: user.adminPermissions as AdminGrants,
    isSuperAdmin: user.isSuperAdmin,
  };
}

/** The user's markets: those where they hold any permission. */
export function userMarkets(actor: CrmActor): CrmMarket[] {
  return actor.markets.filter((m) => m.permissions.length > 0);
}

/** A market of the user's partner, else 404 (another partner's market is answered as an unknown one). */
export function partnerMarket(actor: CrmActor, marketId: number): CrmMarket {
  const market = actor.markets.find((m) => m.id === marketId);
  if (!market) throw new AppError('not_found', `No market ${marketId}.`);
  return market;
}

/** A market of the partner on which `allowed` holds, else 404 (not the partner's) or 403. */
export function requireMarket(
  actor: CrmActor,
  marketId: number,
  allowed: (m: CrmMarket) => boolean,
  what: string,
): CrmMarket {
  const market = partnerMarket(actor, marketId);
  if (!allowed(market)) throw new AppError('forbidden', `You do not have permissions for ${what} at this market.`);
  return market;
}

export function hasPermission(permission: MarketPermission): (m: CrmMarket) => boolean {
  return (m) => m.permissions.includes(permission);
}

/** The :platformId of a merchandising path must be the user's partner's legal entity, else 404. */
export function requirePlatform(actor: CrmActor, platformId: number): PartnerLegalEntityRow {
  const le = actor.partnerLegalEntity;
  if (!le || le.id !== platformId) throw new AppError('not_found', `No legal entity ${platformId}.`);
  return le;
}

/** The actor, when they hold an admin permission of section 6 (a super admin holds all), else 403 with `message`. */
export async function loadCrmAdmin(
  deps: CrmDeps,
  request: FastifyRequest,
  permission: AdminPermission,
  message: string,
): Promise<CrmActor> {
  const actor = await loadCrmActor(deps, request);
  if (!hasAdminPermission(actor.adminGrants, permission, { isSuperAdmin: actor.isSuperAdmin }))
    throw new AppError('forbidden', message);
  return actor;
}

/** A client of the user's partner, else 404. */
export async function requireClient(deps: CrmDeps, actor: CrmActor, clientId: number): Promise<ClientRow> {
  const client = await findPartnerClient(deps.ctx.database.db, actor.partner.id, clientId);
  if (!client) throw new AppError('not_found', `No client ${clientId}.`);
  return client;
}

export function structuredProductAccess(actor: CrmActor): boolean {
  const o = { isSuperAdmin: actor.isSuperAdmin };
  return (
    hasAdminPermission(actor.adminGrants, 'structures', o) ||
    hasAdminPermission(actor.adminGrants, 'structures-admin', o)
  );
}

/** Section 6's entitlement context of a market. */
export function entitlementContext(actor: CrmActor, market: CrmMarket): EntitlementContext {
  return {
    brand: actor.partner.branding.shortName,
    marketPermissions: market.permissions,
    partnerHasCrm: actor.partner.experiences.includes('crm'),
    marketSustainabilityEnabled: market.sustainabilityEnabled,
    ...(market.sustainabilityCropYears ? { sustainabilityCropYears: market.sustainabilityCropYears } : {}),
    structuredProductAccess: structuredProductAccess(actor),
    experimentFlags: {},
  };
}

/**
 * The admin grants as the API sends them, for this partner's markets: 'all' for every market, else the
 * market ids (of this partner) listed. A super admin holds every admin permission everywhere.
 */
export function adminGrantsFor(actor: CrmActor): AdminGrantsResponse {
  const out: AdminGrantsResponse = {};
  const partnerMarketIds = actor.markets.map((m) => m.id);
  for (const p of ADMIN_PERMISSIONS) {
    if (actor.isSuperAdmin) {
      out[p] = 'all';
      continue;
    }
    const grants = actor.adminGrants;
    const value = Array.isArray(grants)
      ? (grants as readonly string[]).includes(p)
        ? 'all'
        : undefined
      : (grants as Record<string, unknown>)[p];
    if (value === true || value === 'all') out[p] = 'all';
    else if (Array.isArray(value)) {
      const ids = (value as unknown[]).map(String);
      if (ids.includes('all')) out[p] = 'all';
      else {
        const mine = partnerMarketIds.filter((id) => ids.includes(String(id)));
        if (mine.length > 0) out[p] = mine;
      }
    }
  }
  return out;
}

const FALLBACK_ZONE = 'America/Chicago';
const knownZones = new Map<string, boolean>();

/** The market's IANA time zone, or the fallback when the stored one is not a zone. */
export function marketZone(market: Pick<CrmMarket, 'timezone'>): string {
  let ok = knownZones.get(market.timezone);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: market.timezone });
      ok = true;
    } catch {
      ok = false;
    }
    knownZones.set(market.timezone, ok);
  }
  return ok ? market.timezone : FALLBACK_ZONE;
}

/** The market's calendar day: the rules' TODAY. */
export function marketToday(market: Pick<CrmMarket, 'timezone'>, now: Date = new Date()): string {
  return isoDateInZone(now, marketZone(market));
}

/** Signs pagination tokens (HMAC-SHA256 with a key derived from the server's secret). */
export function tokenSigner(ctx: AppContext): TokenSigner {
  const key = sha256(`crm-pagination-token:${ctx.csrfSecret}`);
  return (payload) => hmac(key, payload);
}

/** The paging parameters of a list call (grain-marketing.md 2, 9). */
export type PageQuery = { page: number; pageSize: number; paginationToken: string | null };

export type KeysetPage<Row> = {
  rows: Row[];
  totalCount: number;
  paginationToken: string | null;
  page: number;
  pageSize: number;
};

/**
 * One page of a keyset-paged list (docs/decisions/013): the page after a valid token's cursor, else by offset within
 * the 10,000-row window, the capped total beside it, and the next page's signed token when there is one. `query`
 * is what else defines the list (filters, page size): a token of another query or page is ignored. `keyOf` is the
 * sort key of a row (with its id, the cursor); `fetch` gets the rows after a cursor or at an offset.
 */
export async function keysetPage<Row extends { id: number }>(
  ctx: AppContext,
  paging: PageQuery,
  query: unknown,
  list: {
    keyOf: (row: Row) => string;
    fetch: (after: { key: string; id: number } | null, limit: number, offset: number) => Promise<Row[]>;
    count: () => Promise<number>;
  },
): Promise<KeysetPage<Row>> {
  const fingerprint = fnv1a32(canonicalJson(query));
  const sign = tokenSigner(ctx);
  const window = pageWindow(paging.page, paging.pageSize);
  let after: { key: string; id: number } | null = null;
  if (paging.page > 1 && paging.paginationToken) {
    const decoded = decodePaginationToken(paging.paginationToken, { fingerprint, page: paging.page }, sign);
    if (decoded.ok && typeof decoded.cursor.value === 'string')
      after = { key: decoded.cursor.value, id: decoded.cursor.id };
  }
  const [rows, totalCount] = await Promise.all([
    window.limit > 0 ? list.fetch(after, window.limit, after ? 0 : window.offset) : Promise.resolve([] as Row[]),
    list.count(),
  ]);
  const last = rows.at(-1);
  const paginationToken =
    last && rows.length === window.limit && hasPageAfter(paging.page, paging.pageSize, totalCount)
      ? encodePaginationToken(
          { fingerprint, page: paging.page + 1, cursor: { value: list.keyOf(last), id: last.id } },
          sign,
        )
      : null;
  return { rows, totalCount, paginationToken, page: paging.page, pageSize: paging.pageSize };
}

// ---------------------------------------------------------------------------------------------------
// Optimistic concurrency (If-Match / ETag)

/** The ETag of a record version: a strong tag, "3". */
export function etagOf(version: number): string {
  return `"${version}"`;
}

/**
 * The version an If-Match header names: "3", W/"3" or 3. Missing → 428 (a shared record is never
 * written blind); not a version → 400.
 */
export function ifMatchVersion(header: string | string[] | undefined): number {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) throw new AppError('precondition_required');
  const m = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (!m) throw new AppError('invalid_request', 'If-Match must name a version, e.g. "3".');
  return Number(m[1]);
}

// ---------------------------------------------------------------------------------------------------
// Path and query values (validated strictly: a bad id is a 400, never a 500)

/** A positive integer id in a path or query: digits only, at most 15. */
export const idParam = z
  .string()
  .regex(/^\d{1,15}$/, 'Expected a numeric id')
  .transform(Number)
  .refine((n) => n > 0 && Number.isSafeInteger(n), 'Expected a numeric id');

/** The largest id of a serial (int4) column such as markets.id. */
const MAX_SERIAL_ID = 2_147_483_647;

/**
 * An id of a serial (int4) column in a path or query: idParam, at most MAX_SERIAL_ID. A larger one names nothing,
 * and PostgreSQL refuses to compare it with the column (an error, so a 500) where a query meets it first.
 */
export const serialIdParam = idParam.refine((n) => n <= MAX_SERIAL_ID, 'Expected a numeric id');

/** Comma-separated ids ('12,14'), 1 to 50 of them. */
export const idListParam = z
  .string()
  .regex(/^\d{1,15}(,\d{1,15}){0,49}$/, 'Expected comma-separated numeric ids')
  .transform((s) => [...new Set(s.split(',').map(Number))]);

/** NUL can't be stored or compared in PostgreSQL text: the lenient list parameters drop it. */
const withoutNul = (v: string) => v.replaceAll('\u0000', '');

/** Raw list query parameters: strings or repeated strings (the domain's parser reads them leniently). */
export const rawQuerySchema = z
  .record(z.string(), z.union([z.string(), z.array(z.string())]))
  .transform((params) =>
    Object.fromEntries(
      Object.entries(params).map(([k, v]) => [k, Array.isArray(v) ? v.map(withoutNul) : withoutNul(v as string)]),
    ),
  );

/** A free-text query parameter (a search): at most `max` characters, no NUL. */
export const textQueryParam = (max: number) =>
  z
    .string()
    .max(max)
    .refine((v) => !v.includes('\u0000'), 'Must not contain NUL characters');
