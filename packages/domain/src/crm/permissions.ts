// CRM permissions (grain-marketing.md 6): per-market user permissions, merchandising admin permissions,
// the entitlement table, and what each lets a user open. The server enforces these (route access and
// service checks); the web uses the same functions to hide what the user may not use.

import { slugify } from '../format/text.ts';
import type { ListTab, ContractView } from './views.ts';
import { viewTab } from './views.ts';

// ---------------------------------------------------------------------------------------------------
// Per-market user permissions

export const MARKET_PERMISSIONS = [
  'instruments',
  'offers',
  'info',
  'dashboard',
  'contracts',
  'deliveries',
  'contract_documents',
  'notes',
  'profile',
  'public_contact',
] as const;
export type MarketPermission = (typeof MARKET_PERMISSIONS)[number];

/** The public-facing subset (what a market's public page may show). */
export const PUBLIC_MARKET_PERMISSIONS = [
  'instruments',
  'offers',
  'info',
  'public_contact',
] as const satisfies readonly MarketPermission[];

export function isMarketPermission(value: unknown): value is MarketPermission {
  return typeof value === 'string' && (MARKET_PERMISSIONS as readonly string[]).includes(value);
}

/** The known permissions of a stored list, unknown names dropped, each once, in MARKET_PERMISSIONS order. */
export function normalizeMarketPermissions(values: readonly string[] | null | undefined): MarketPermission[] {
  const set = new Set(values ?? []);
  return MARKET_PERMISSIONS.filter((p) => set.has(p));
}

export function hasMarketPermission(
  permissions: readonly string[] | null | undefined,
  permission: MarketPermission,
): boolean {
  return (permissions ?? []).includes(permission);
}

/** 'Has info' means the info permission is present. */
export function hasInfo(permissions: readonly string[] | null | undefined): boolean {
  return hasMarketPermission(permissions, 'info');
}

export function publicMarketPermissions(permissions: readonly string[] | null | undefined): MarketPermission[] {
  return normalizeMarketPermissions(permissions).filter((p) =>
    (PUBLIC_MARKET_PERMISSIONS as readonly string[]).includes(p),
  );
}

/** A user's permissions per market id (from market_user_permissions). */
export type UserMarketPermissions = Readonly<Record<number, readonly string[]>>;

export function marketPermissionsOf(
  byMarket: UserMarketPermissions,
  marketId: number | null | undefined,
): MarketPermission[] {
  return marketId === null || marketId === undefined ? [] : normalizeMarketPermissions(byMarket[marketId]);
}

/** The user's markets that grant a permission, in id order. */
export function marketsWithPermission(byMarket: UserMarketPermissions, permission: MarketPermission): number[] {
  return Object.entries(byMarket)
    .filter(([, perms]) => perms.includes(permission))
    .map(([id]) => Number(id))
    .sort((a, b) => a - b);
}

// ---------------------------------------------------------------------------------------------------
// Admin permissions (merchandising)

export const ADMIN_PERMISSIONS = [
  'buyer-admin',
  'farmer-admin',
  'structures',
  'structures-admin',
  'view-offboarding-report',
] as const;
export type AdminPermission = (typeof ADMIN_PERMISSIONS)[number];

/**
 * Admin grants as the bootstrap and the markets call carry them: per permission, `true` or 'all' (every
 * market), or a list of market ids ('all' in the list also means every market); or a plain list of
 * permission names (every market).
 */
export type AdminGrants =
  Readonly<Record<string, true | 'all' | readonly (string | number)[] | false | null | undefined>> | readonly string[];

export function isAdminPermission(value: unknown): value is AdminPermission {
  return typeof value === 'string' && (ADMIN_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Whether the grants hold an admin permission — for a market when `marketId` is given, else for any
 * market. A super admin holds every admin permission.
 */
export function hasAdminPermission(
  grants: AdminGrants | null | undefined,
  permission: AdminPermission,
  options: { marketId?: number | null; isSuperAdmin?: boolean } = {},
): boolean {
  if (options.isSuperAdmin) return true;
  if (!grants) return false;
  if (Array.isArray(grants)) return (grants as readonly string[]).includes(permission);
  const value = (grants as Readonly<Record<string, unknown>>)[permission];
  if (value === true || value === 'all') return true;
  if (!Array.isArray(value) || value.length === 0) return false;
  const ids = (value as readonly (string | number)[]).map(String);
  if (ids.includes('all')) return true;
  if (options.marketId === null || options.marketId === undefined) return true;
  return ids.includes(String(options.marketId));
}

/** The admin permissions held (for a market when given). */
export function adminPermissionsOf(
  grants: AdminGrants | null | undefined,
  options: { marketId?: number | null; isSuperAdmin?: boolean } = {},
): AdminPermission[] {
  return ADMIN_PERMISSIONS.filter((p) => hasAdminPermission(grants, p, options));
}

/** A user is an admin when they hold buyer-admin or farmer-admin. */
export function isCrmAdmin(
  grants: AdminGrants | null | undefined,
  options: { marketId?: number | null; isSuperAdmin?: boolean } = {},
): boolean {
  return hasAdminPermission(grants, 'buyer-admin', options) || hasAdminPermission(grants, 'farmer-admin', options);
}

// ---------------------------------------------------------------------------------------------------
// Entitlements (section 6 table)

export const GRAIN_BUYING_ENTITLEMENTS = [
  'grain-buying-contracts',
  'grain-buying-deliveries',
  'grain-buying-bids',
  'grain-buying-offers',
  'grain-buying-clients',
  'grain-buying-structures',
] as const;
export type GrainBuyingEntitlement = (typeof GRAIN_BUYING_ENTITLEMENTS)[number];

/** The dashboard entitlement key carries the grain brand's name: 'Prairie Grain' → 'prairie-grain-dashboard'. */
export function dashboardEntitlementKey(brand: string): string {
  return `${slugify(brand) || 'grain'}-dashboard`;
}

export type EntitlementContext = {
  /** The grain brand's name (the partner's short name). */
  brand: string;
  /** The user's permissions on the current market. */
  marketPermissions: readonly string[];
  /** false: the partner has no CRM, its buyers are bids/offers-only (merchandising bootstrap partnerHasCrm). */
  partnerHasCrm: boolean;
  /** Crop years of the market with sustainability enabled; when omitted, the market's own flag decides. */
  sustainabilityCropYears?: readonly { cropId: number; cropYear: number; enabled: boolean }[];
  /** The market's sustainability_enabled flag. */
  marketSustainabilityEnabled?: boolean;
  /** Merchandising bootstrap structuredProductAccess. */
  structuredProductAccess: boolean;
  /** Experiment flags: key → variant value; a key whose value is 'on' is an entitlement. */
  experimentFlags?: Readonly<Record<string, string | null | undefined>>;
};

/** 'Some crop/year with sustainability enabled for the market'. */
export function hasSustainability(
  ctx: Pick<EntitlementContext, 'sustainabilityCropYears' | 'marketSustainabilityEnabled'>,
): boolean {
  if (ctx.sustainabilityCropYears !== undefined) return ctx.sustainabilityCropYears.some((x) => x.enabled);
  return ctx.marketSustainabilityEnabled === true;
}

/** Whether the context grants an entitlement key (the table of section 6; any other key: its flag is 'on'). */
export function hasEntitlement(ctx: EntitlementContext, key: string): boolean {
  const perms = ctx.marketPermissions;
  const bidsOffersOnly = !ctx.partnerHasCrm;
  switch (key) {
    case dashboardEntitlementKey(ctx.brand):
      return perms.includes('dashboard');
    case 'grain-buying-contracts':
      return perms.includes('contracts') && !bidsOffersOnly;
    case 'grain-buying-deliveries':
      return perms.includes('deliveries') && !bidsOffersOnly;
    case 'grain-buying-bids':
      return perms.includes('instruments');
    case 'grain-buying-offers':
      return perms.includes('offers');
    case 'grain-buying-clients':
      return hasSustainability(ctx);
    case 'grain-buying-structures':
      return ctx.structuredProductAccess;
    default:
      return ctx.experimentFlags?.[key] === 'on';
  }
}

/** Every entitlement the context grants: the table's keys, then the flags that are 'on' (sorted). */
export function entitlementsFor(ctx: EntitlementContext): string[] {
  const keys = [dashboardEntitlementKey(ctx.brand), ...GRAIN_BUYING_ENTITLEMENTS];
  const out = keys.filter((k) => hasEntitlement(ctx, k));
  const flags = Object.entries(ctx.experimentFlags ?? {})
    .filter(([k, v]) => v === 'on' && !keys.includes(k))
    .map(([k]) => k)
    .sort();
  return [...out, ...flags];
}

// ---------------------------------------------------------------------------------------------------
// What each entitlement and permission opens

/** CRM pages and the entitlement each needs (pages without one need only the grainBuying experience). */
export const CRM_PAGE_ENTITLEMENTS = {
  '/crm/dashboard': 'dashboard',
  '/crm/contracts': 'grain-buying-contracts',
  '/crm/deliveries': 'grain-buying-deliveries',
  '/crm/bids': 'grain-buying-bids',
  '/crm/offers': 'grain-buying-offers',
  '/crm/clients': 'grain-buying-clients',
  '/crm/structures': 'grain-buying-structures',
} as const;

/** Whether a list tab may be used: contracts and deliveries by their entitlement; documents also need contract_documents. */
export function canUseListTab(ctx: EntitlementContext, tab: ListTab): boolean {
  if (tab === 'deliveries') return hasEntitlement(ctx, 'grain-buying-deliveries');
  if (tab === 'contract-documents')
    return hasEntitlement(ctx, 'grain-buying-contracts') && ctx.marketPermissions.includes('contract_documents');
  return hasEntitlement(ctx, 'grain-buying-contracts');
}

/** Whether a view may be used (by its tab). */
export function canUseView(ctx: EntitlementContext, view: ContractView): boolean {
  return canUseListTab(ctx, viewTab(view));
}

/** Client profile pieces: the profile needs 'profile'; its notes need 'notes'. */
export function canViewClientProfile(marketPermissions: readonly string[]): boolean {
  return marketPermissions.includes('profile');
}

export function canUseNotes(marketPermissions: readonly string[]): boolean {
  return marketPermissions.includes('notes');
}

/**
 * The CRM pages a user may open at some market, for the CRM navigation (a page the user cannot use anywhere is not
 * offered): a page with an entitlement (CRM_PAGE_ENTITLEMENTS) when a market grants it — the dashboard by its
 * brand key '<brand>-dashboard' —, /crm/public-bids-admin with the info permission at a market, /crm/administrator
 * for a CRM admin, /crm/ingest (Data imports) with the merchandising bootstrap's ingestDashboardAccess, the other CRM
 * pages always.
 */
export function openCrmPages(
  markets: readonly { entitlements: readonly string[]; userPermissions: readonly string[] }[],
  options: { isAdmin: boolean; ingestDashboardAccess?: boolean },
): (path: string) => boolean {
  const granted = new Set(markets.flatMap((market) => market.entitlements));
  const dashboard = [...granted].some((key) => key.endsWith('-dashboard'));
  const info = markets.some((market) => hasInfo(market.userPermissions));
  return (path) => {
    if (path === '/crm/administrator') return options.isAdmin;
    if (path === '/crm/ingest' || path.startsWith('/crm/ingest/')) return options.ingestDashboardAccess === true;
    if (path === '/crm/public-bids-admin') return info;
    const need = (CRM_PAGE_ENTITLEMENTS as Readonly<Record<string, string>>)[path];
    if (need === undefined) return true;
    return need === 'dashboard' ? dashboard : granted.has(need);
  };
}
