// The store's server-side cart (platform.md 3.5, 4.3, 6.2, 7.6, 8.3). A signed-in user has one open cart; a guest
// has one behind a cookie token (only its SHA-256 stored). Every write carries the serial the client holds: a stale
// one is answered 409 cart_conflict with the cart as it is. The guest's cart is merged into the user's on the first
// cart call after sign-in (whatever the sign-in method), or at once by the password sign-in.
//
// Other modules call, through cart.public.ts: addItemsToCart (shopping lists, buy again), and callerForUser,
// enablementOf, cartLinesWithCurrentPrices (checkout).

import {
  CART_QUANTITY_MAX,
  CrmDecimal,
  INPUT_PURCHASING_PERMISSION,
  STORE_AREAS,
  cartEnablement,
  evaluateItemRestrictions,
  isStoreAreaOn,
  restrictionView,
  resolveStoreRegion,
  type CartAlert,
  type CartChange,
  type CartEnablement,
  type CartLine,
  type CartView,
  type RestrictionBreach,
  type RestrictionRow,
  type StoreRegionInfo,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { manualFlagsOn } from '../../platform/manual-grants.ts';
import { AppError, accessDenied } from '../../platform/errors.ts';
import {
  currentMembership,
  membershipsWithEnterprise,
  type MembershipWithEnterprise,
} from '../enterprises/enterprises.public.ts';
import * as repo from './cart.repo.ts';

export type Region = StoreRegionInfo;

/** The user's membership of an enterprise, for the cart's permission check (6.2), with the enterprise's place. */
type Membership = {
  enterpriseId: number;
  role: MembershipWithEnterprise['role'];
  permissions: string[];
  countryCode: MembershipWithEnterprise['enterprise']['countryCode'];
  /** The enterprise's state or province. */
  state: string | null;
};

/** The user's membership of their current enterprise (else their first), or null. */
async function membershipOf(db: Db, userId: string, currentEnterpriseId: number | null): Promise<Membership | null> {
  const m = currentMembership(await membershipsWithEnterprise(db, userId), currentEnterpriseId);
  return (
    m && {
      enterpriseId: m.enterprise.id,
      role: m.role,
      permissions: m.permissions,
      countryCode: m.enterprise.countryCode,
      state: m.enterprise.administrativeAreaLevel1,
    }
  );
}

/** Who is calling and from where: what every cart rule needs. */
export type CartCaller = {
  userId: string | null;
  isSuperAdmin: boolean;
  /** The user's membership of their current enterprise (null for a guest or a user without one). */
  membership: Membership | null;
  /** SHA-256 of the guest cart cookie, when the request carries one. */
  guestTokenHash: string | null;
  region: Region;
};

type RegionRow = { country: repo.Country; currency: repo.Currency; enterpriseId: number | null };

function regionRow(caller: CartCaller): RegionRow {
  return {
    country: caller.region.country as repo.Country,
    currency: caller.region.currency as repo.Currency,
    enterpriseId: caller.membership?.enterpriseId ?? null,
  };
}

function areasOf(region: Region) {
  return STORE_AREAS.filter((a) => isStoreAreaOn(region.region, a));
}

export function enablementOf(caller: CartCaller): CartEnablement {
  return cartEnablement({
    regionAreas: areasOf(caller.region),
    signedIn: caller.userId !== null,
    isSuperAdmin: caller.isSuperAdmin,
    enterpriseRole: caller.membership?.role ?? null,
    enterprisePermissions: caller.membership?.permissions ?? null,
  });
}

/** The buyer's state or province (the JURISDICTIONS_RESTRICTION check); unknown for a guest. */
function jurisdictionOf(caller: CartCaller): string | null {
  return caller.membership?.state?.trim() || null;
}

async function restrictionsByProduct(db: Db, productIds: number[]): Promise<Map<number, RestrictionRow[]>> {
  const map = new Map<number, RestrictionRow[]>();
  for (const { productId, ...rule } of await repo.restrictionsOf(db, [...new Set(productIds)])) {
    map.set(productId, [...(map.get(productId) ?? []), rule]);
  }
  return map;
}

// ---------- the view ----------

/** The cart a caller without one sees: empty, serial 1 (the first write makes it, at serial 1, and bumps it). */
function emptyView(caller: CartCaller): CartView {
  return {
    id: '',
    serial: 1,
    status: 'open',
    kind: 'cart',
    currency: caller.region.currency,
    items: [],
    itemCount: 0,
    goodsSubtotal: '0.00',
    alerts: [],
    enablement: enablementOf(caller),
  };
}

async function buildView(
  db: Db,
  cart: repo.CartRow,
  caller: CartCaller,
  extraAlerts: CartAlert[] = [],
): Promise<CartView> {
  const country = (cart.status === 'open' ? caller.region.country : cart.country) as repo.Country;
  const currency = cart.status === 'open' ? caller.region.currency : cart.currency;
  const rows = await repo.linesOf(db, cart.id, country);
  const restrictions = await restrictionsByProduct(
    db,
    rows.map((r) => r.productId),
  );
  const jurisdiction = jurisdictionOf(caller);
  let subtotal = new CrmDecimal(0);
  let count = 0;
  const items: CartLine[] = rows.map((r) => {
    const rules = restrictions.get(r.productId) ?? [];
    const sellable = r.amount !== null;
    const lineTotal = sellable ? new CrmDecimal(r.amount!).mul(r.quantity) : null;
    if (lineTotal) subtotal = subtotal.add(lineTotal);
    count += r.quantity;
    return {
      itemId: r.itemId,
      variantId: r.variantPublicId,
      product: {
        slug: r.productSlug,
        name: r.productName,
        brand: r.brand,
        image:
          r.imageId !== null
            ? {
                url: `/api/store/images/${r.imageId}`,
                width: r.imageWidth ?? 600,
                height: r.imageHeight ?? 600,
                alt: r.productName,
              }
            : null,
      },
      seller: { slug: r.sellerSlug, name: r.sellerName, kind: r.sellerKind },
      variantLabel: r.label,
      sku: r.sku,
      quantity: r.quantity,
      unitPrice: sellable ? new CrmDecimal(r.amount!).toFixed(2) : null,
      lineTotal: lineTotal ? lineTotal.toFixed(2) : null,
      restrictedUse: r.restrictedUse,
      restrictions: rules.map(restrictionView),
      breaches: evaluateItemRestrictions({ restrictions: rules, quantity: r.quantity, jurisdiction }),
      sellable,
      itemAddedAt: r.itemAddedAt,
    };
  });
  const alerts: CartAlert[] = [...extraAlerts];
  const ids = (pick: (l: CartLine) => boolean) => items.filter(pick).map((l) => l.itemId);
  const notSellable = ids((l) => !l.sellable);
  if (notSellable.length) alerts.push({ code: 'items_not_sellable', itemIds: notSellable });
  const restricted = ids((l) => l.breaches.length > 0);
  if (restricted.length) alerts.push({ code: 'item_restricted', itemIds: restricted });
  const rup = ids((l) => l.restrictedUse);
  if (rup.length) alerts.push({ code: 'restricted_use_items', itemIds: rup });
  return {
    id: cart.id,
    serial: cart.serial,
    status: cart.status,
    kind: cart.kind,
    currency,
    items,
    itemCount: count,
    goodsSubtotal: subtotal.toFixed(2),
    alerts,
    enablement: enablementOf(caller),
  };
}

async function openCartOf(db: Db, caller: CartCaller): Promise<repo.CartRow | null> {
  if (caller.userId) return repo.openCartOfUser(db, caller.userId);
  if (caller.guestTokenHash) return repo.openCartOfGuest(db, caller.guestTokenHash);
  return null;
}

async function currentView(db: Db, caller: CartCaller, extraAlerts: CartAlert[] = []): Promise<CartView> {
  const cart = await openCartOf(db, caller);
  if (!cart) return { ...emptyView(caller), alerts: extraAlerts };
  return buildView(db, cart, caller, extraAlerts);
}

// ---------- merge at sign-in ----------

/**
 * Merges the guest cart behind `guestTokenHash` into the user's open cart: quantities of the same variant are added,
 * each then held to 9,999 and to the product's QUANTITY_LIMIT; the guest cart is marked 'merged'. Safe to call
 * twice (the second finds the guest cart no longer open). Returns whether any line moved.
 */
export async function mergeGuestCart(
  db: Db,
  caller: CartCaller & { userId: string; guestTokenHash: string },
): Promise<boolean> {
  const guest = await repo.openCartOfGuest(db, caller.guestTokenHash);
  if (!guest) return false;
  const guestItems = await repo.itemsOf(db, guest.id);
  if (guestItems.length === 0) {
    await repo.markMerged(db, guest.id);
    return false;
  }
  const target = await repo.ensureOpenCart(db, { userId: caller.userId }, regionRow(caller));
  return db.transaction(async (tx) => {
    if (!(await repo.markMerged(tx, guest.id))) return false;
    const locked = await repo.bumpSerial(tx, target.id);
    if (!locked) return false;
    const mine = new Map((await repo.itemsOf(tx, target.id)).map((i) => [i.variantId, i]));
    const variants = await Promise.all(
      guestItems.map((i) => repo.variantWithPrice(tx, { id: i.variantId }, locked.country)),
    );
    const rules = await restrictionsByProduct(
      tx,
      variants.flatMap((v) => (v ? [v.productId] : [])),
    );
    for (const [index, item] of guestItems.entries()) {
      const variant = variants[index];
      const limit = (variant ? (rules.get(variant.productId) ?? []) : []).reduce(
        (max, r) => (r.kind === 'QUANTITY_LIMIT' && r.maxQuantity !== null ? Math.min(max, r.maxQuantity) : max),
        CART_QUANTITY_MAX,
      );
      const existing = mine.get(item.variantId);
      const quantity = Math.max(1, Math.min(limit, (existing?.quantity ?? 0) + item.quantity));
      if (existing) await repo.setItemQuantity(tx, existing.id, quantity);
      else await repo.insertItem(tx, target.id, item.variantId, quantity, variant?.amount ?? item.pricedAmount);
    }
    return true;
  });
}

// ---------- reads ----------

/** GET /api/store/cart: the caller's open cart (merging a guest cart first), or a cart of theirs by id (2.4 cartId). */
export async function readCart(db: Db, caller: CartCaller, cartId?: string): Promise<CartView> {
  if (cartId) {
    const cart = caller.userId
      ? await repo.cartOfUserById(db, caller.userId, cartId)
      : await guestCartById(db, caller, cartId);
    if (!cart) throw new AppError('not_found', 'There is no such cart.');
    return buildView(db, cart, caller);
  }
  const cart = await openCartOf(db, caller);
  if (!cart) return emptyView(caller);
  if (cart.country !== caller.region.country && cart.status === 'open') {
    await repo.setCartRegion(
      db,
      cart.id,
      caller.region.country as repo.Country,
      caller.region.currency as repo.Currency,
    );
  }
  return buildView(db, cart, caller);
}

async function guestCartById(db: Db, caller: CartCaller, cartId: string): Promise<repo.CartRow | null> {
  if (!caller.guestTokenHash) return null;
  const cart = await repo.cartById(db, cartId);
  return cart && cart.userId === null && cart.guestTokenHash === caller.guestTokenHash ? cart : null;
}

// ---------- writes ----------

/**
 * The refusal of a cart that is off, or null: the region's (cart_not_available_in_region) or the missing
 * input-purchasing flag — the one access-denied answer of every flag check (accessDenied); details.reason is the
 * enablement's reason either way. Cart writes, checkout and buy now all refuse with it.
 */
export function enablementRefusal(enablement: CartEnablement): AppError | null {
  if (enablement.enabled || !enablement.reason) return null;
  if (enablement.reason === 'enterprise_access_required')
    return accessDenied(INPUT_PURCHASING_PERMISSION, { reason: enablement.reason });
  return new AppError(enablement.reason, undefined, { reason: enablement.reason });
}

function assertEnabled(caller: CartCaller): void {
  const refusal = enablementRefusal(enablementOf(caller));
  if (refusal) throw refusal;
}

function restrictedError(breach: RestrictionBreach, ref: { variantId: string; itemId?: string }): AppError {
  const what =
    breach.restriction === 'QUANTITY_LIMIT'
      ? `At most ${breach.max} of this product can be ordered.`
      : breach.restriction === 'MINIMUM_QUANTITY'
        ? `At least ${breach.min} of this product must be ordered.`
        : `This product cannot be sold into ${breach.jurisdiction}.`;
  return new AppError('item_restricted', what, { ...breach, ...ref });
}

function quantityError(quantity: number): AppError {
  return new AppError(
    'invalid_request',
    `A cart line holds 1 to ${CART_QUANTITY_MAX.toLocaleString('en-US')} packs; this would make ${quantity}.`,
    {
      field: 'quantity',
      max: CART_QUANTITY_MAX,
    },
  );
}

type ResolvedAdd = { op: 'add'; variant: repo.VariantRow; quantity: number };
type Resolved = ResolvedAdd | Exclude<CartChange, { op: 'add' }>;

/** Resolves the variants of 'add' changes: an unknown one is 404, one not sold in the region 400. */
async function resolveAdds(
  db: Db,
  caller: CartCaller,
  changes: readonly (CartChange | { op: 'add'; variantId: string | number; quantity: number })[],
): Promise<Resolved[]> {
  const out: Resolved[] = [];
  for (const change of changes) {
    if (change.op !== 'add') {
      out.push(change);
      continue;
    }
    const by = typeof change.variantId === 'number' ? { id: change.variantId } : { publicId: change.variantId };
    const variant = await repo.variantWithPrice(db, by, caller.region.country as repo.Country);
    if (!variant) throw new AppError('not_found', 'There is no such product variant.', { variantId: change.variantId });
    if (variant.amount === null)
      throw new AppError('variant_not_sold_in_region', undefined, {
        variantId: variant.publicId,
        region: caller.region.region,
      });
    out.push({ op: 'add', variant, quantity: change.quantity });
  }
  return out;
}

/** Applies resolved changes to a locked cart. Throws (rolling the transaction back) on a refused one. */
async function applyResolved(tx: Db, cartId: string, caller: CartCaller, changes: Resolved[]): Promise<void> {
  const items = new Map((await repo.itemsOf(tx, cartId)).map((i) => [i.id, i]));
  const byVariant = () => new Map([...items.values()].map((i) => [i.variantId, i]));
  const productOfVariant = new Map<number, number>();
  const jurisdiction = jurisdictionOf(caller);
  const check = async (variantId: number, publicId: string, quantity: number, itemId?: string) => {
    let productId = productOfVariant.get(variantId);
    if (productId === undefined) {
      const v = await repo.variantWithPrice(tx, { id: variantId }, caller.region.country as repo.Country);
      productId = v?.productId ?? -1;
      productOfVariant.set(variantId, productId);
    }
    const rules = (await restrictionsByProduct(tx, [productId])).get(productId) ?? [];
    const [breach] = evaluateItemRestrictions({ restrictions: rules, quantity, jurisdiction });
    if (breach) throw restrictedError(breach, { variantId: publicId, ...(itemId ? { itemId } : {}) });
  };
  for (const change of changes) {
    if (change.op === 'clear') {
      await repo.deleteAllItems(tx, cartId);
      items.clear();
    } else if (change.op === 'add') {
      productOfVariant.set(change.variant.id, change.variant.productId);
      const existing = byVariant().get(change.variant.id);
      const quantity = (existing?.quantity ?? 0) + change.quantity;
      if (quantity > CART_QUANTITY_MAX) throw quantityError(quantity);
      await check(change.variant.id, change.variant.publicId, quantity, existing?.id);
      if (existing) {
        await repo.setItemQuantity(tx, existing.id, quantity);
        items.set(existing.id, { ...existing, quantity });
      } else {
        await repo.insertItem(tx, cartId, change.variant.id, quantity, change.variant.amount!);
        for (const i of await repo.itemsOf(tx, cartId)) items.set(i.id, i);
      }
    } else {
      const item = items.get(change.itemId);
      if (!item) throw new AppError('not_found', 'This item is not in your cart.', { itemId: change.itemId });
      if (change.op === 'remove' || change.quantity === 0) {
        await repo.deleteItem(tx, item.id);
        items.delete(item.id);
      } else {
        const variant = await repo.variantWithPrice(tx, { id: item.variantId }, caller.region.country as repo.Country);
        await check(item.variantId, variant?.publicId ?? '', change.quantity, item.id);
        await repo.setItemQuantity(tx, item.id, change.quantity);
        items.set(item.id, { ...item, quantity: change.quantity });
      }
    }
  }
}

/**
 * A write from the client: the changes, all or none, with the serial it holds. The cart is made on the first
 * write (at serial 1). A stale serial → 409 cart_conflict with the cart as it is now in details.cart.
 */
export async function writeCart(
  db: Db,
  caller: CartCaller,
  serial: number,
  changes: readonly CartChange[],
): Promise<CartView> {
  assertEnabled(caller);
  const owner = caller.userId
    ? { userId: caller.userId }
    : caller.guestTokenHash
      ? { guestTokenHash: caller.guestTokenHash }
      : null;
  if (!owner) throw new Error('a cart write needs a user or a guest token');
  const resolved = await resolveAdds(db, caller, changes);
  const cart = await repo.ensureOpenCart(db, owner, regionRow(caller));
  const outcome = await db.transaction(async (tx) => {
    const claimed = await repo.claimSerial(tx, cart.id, serial, regionRow(caller));
    if (!claimed) return 'conflict' as const;
    await applyResolved(tx, cart.id, caller, resolved);
    return claimed;
  });
  if (outcome === 'conflict') {
    const now = await currentView(db, caller);
    throw new AppError('cart_conflict', undefined, { cart: now });
  }
  return buildView(db, outcome, caller);
}

// ---------- for other modules ----------

/**
 * The caller of a signed-in request: the session's user, their membership of their current enterprise, and the
 * region of that enterprise's country (else the user's own).
 */
export async function callerForSession(
  db: Db,
  session: { userId: string; isSuperAdmin: boolean; currentEnterpriseId: number | null; guestTokenHash: string | null },
): Promise<CartCaller> {
  const membership = await membershipOf(db, session.userId, session.currentEnterpriseId);
  const enterpriseCountry = membership?.countryCode || (await repo.userCountry(db, session.userId));
  return {
    userId: session.userId,
    isSuperAdmin: session.isSuperAdmin,
    membership,
    guestTokenHash: session.guestTokenHash,
    region: resolveStoreRegion({ enterpriseCountry }),
  };
}

/** The caller of a server-side call for a user (no request): their current enterprise, its country as region. */
export async function callerForUser(
  db: Db,
  userId: string,
  opts: { currentEnterpriseId?: number | null; region?: Region } = {},
): Promise<CartCaller> {
  const member = await membershipOf(db, userId, opts.currentEnterpriseId ?? null);
  // A flag granted by hand on that enterprise (decision 053) counts as the member's own (input purchasing).
  const membership = member && {
    ...member,
    permissions: [...new Set([...member.permissions, ...(await manualFlagsOn(db, userId, member.enterpriseId))])],
  };
  const isSuperAdmin = await repo.isSuperAdmin(db, userId);
  const region =
    opts.region ??
    resolveStoreRegion({ enterpriseCountry: membership?.countryCode || (await repo.userCountry(db, userId)) });
  return { userId, isSuperAdmin, membership, guestTokenHash: null, region };
}

/** The user's open cart as the cart API shows it (an empty one, id '', when they have none). */
export async function loadCartForUser(
  db: Db,
  userId: string,
  opts: { currentEnterpriseId?: number | null; region?: Region } = {},
): Promise<CartView> {
  return currentView(db, await callerForUser(db, userId, opts));
}

/**
 * Adds variants to the user's open cart in one write (shopping lists, buy again): by internal id or public id. The
 * same rules as the cart API (region, bounds, restrictions; all or none); bumps the serial once, without a client
 * serial (the web's next answer carries the new one).
 */
export async function addItemsToCart(
  db: Db,
  input: {
    userId: string;
    region?: Region;
    currentEnterpriseId?: number | null;
    items: { variantId: number | string; quantity: number }[];
  },
): Promise<CartView> {
  const caller = await callerForUser(db, input.userId, input);
  assertEnabled(caller);
  for (const i of input.items)
    if (!Number.isInteger(i.quantity) || i.quantity < 1 || i.quantity > CART_QUANTITY_MAX)
      throw quantityError(i.quantity);
  const resolved = await resolveAdds(
    db,
    caller,
    input.items.map((i) => ({ op: 'add' as const, variantId: i.variantId, quantity: i.quantity })),
  );
  const cart = await repo.ensureOpenCart(db, { userId: input.userId }, regionRow(caller));
  const updated = await db.transaction(async (tx) => {
    const locked = await repo.bumpSerial(tx, cart.id);
    if (!locked) throw new AppError('cart_conflict', 'The cart was checked out meanwhile; try again.');
    await applyResolved(tx, cart.id, caller, resolved);
    return locked;
  });
  return buildView(db, updated, caller);
}

export type CartLineWithPrice = repo.LineRow & { restrictions: RestrictionRow[] };

/**
 * A cart's lines with the current price of each variant in the cart's country (`amount`, null when no longer
 * sold there) beside the price it was added at (`priced_amount`), and each product's restrictions: what checkout
 * compares before placing an order.
 */
export async function cartLinesWithCurrentPrices(db: Db, cartId: string): Promise<CartLineWithPrice[]> {
  const cart = await repo.cartById(db, cartId);
  if (!cart) return [];
  const lines = await repo.linesOf(db, cartId, cart.country);
  const rules = await restrictionsByProduct(
    db,
    lines.map((l) => l.productId),
  );
  return lines.map((l) => ({ ...l, restrictions: rules.get(l.productId) ?? [] }));
}
