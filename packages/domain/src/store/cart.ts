// The store's server-side cart (platform.md 3.5, 4.3, 6.2, 7.6, 8.3): the calls' shapes under /api/store/cart,
// the serial rule, item restrictions and when the cart is enabled. Shared by the server (route schemas, rules)
// and the web (types, the client's serial check). Request bodies parse strictly: a bad field is a 400.

import { z } from 'zod';
import type { ErrorCode } from '../errors/error-codes.ts';
import { CURRENCY_CODES } from '../region/countries.ts';
import { STORE_API, storeImageSchema, storeSellerRefSchema } from './api.ts';
import type { StoreArea } from './regions.ts';

export const STORE_CART_API = `${STORE_API}/cart`;

/** A cart line's quantity: a whole number of packs, 1 to 9,999 (0 in a set-quantity call removes the line). */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 9999;

export const CART_STATUSES = ['open', 'checked_out', 'merged', 'abandoned'] as const;
export type CartStatusValue = (typeof CART_STATUSES)[number];
export const CART_KINDS = ['cart', 'buy_now'] as const;

/** Item restrictions of 8.3. */
export const ITEM_RESTRICTION_KINDS = ['QUANTITY_LIMIT', 'JURISDICTIONS_RESTRICTION', 'MINIMUM_QUANTITY'] as const;
export type ItemRestrictionKindValue = (typeof ITEM_RESTRICTION_KINDS)[number];

/** Cart sync states of 4.3, as the web shows them (null = in sync). */
export const CART_SYNC_STATES = ['ERROR', 'CONFLICT', 'DISCONNECTED'] as const;
export type CartSyncState = (typeof CART_SYNC_STATES)[number];

/**
 * Why the cart is off (6.2); each is also the 403 code of a cart write refused for it. A missing input-purchasing
 * flag is the one access-denied code of every flag check (enterprise_access_required, platform.md 8.1).
 */
export const CART_DISABLED_REASONS = [
  'cart_not_available_in_region',
  'enterprise_access_required',
] as const satisfies readonly ErrorCode[];
export type CartDisabledReason = (typeof CART_DISABLED_REASONS)[number];

/** The member access flag that grants input purchasing on an enterprise (3.3, 6.2). */
export const INPUT_PURCHASING_PERMISSION = 'has_input_purchasing_access';

// ---------- request bodies ----------

export const cartSerialSchema = z.number().int().min(1).max(2_000_000_000);
export const cartQuantitySchema = z.number().int().min(CART_QUANTITY_MIN).max(CART_QUANTITY_MAX);
/** Set-quantity: 0 removes the line. */
export const cartSetQuantitySchema = z.number().int().min(0).max(CART_QUANTITY_MAX);
const publicIdSchema = z.string().uuid();

/** POST /api/store/cart/items */
export const cartAddItemBodySchema = z
  .object({ serial: cartSerialSchema, variantId: publicIdSchema, quantity: cartQuantitySchema })
  .strict();
export type CartAddItemBody = z.infer<typeof cartAddItemBodySchema>;

/** PATCH /api/store/cart/items/:itemId */
export const cartSetQuantityBodySchema = z
  .object({ serial: cartSerialSchema, quantity: cartSetQuantitySchema })
  .strict();
export type CartSetQuantityBody = z.infer<typeof cartSetQuantityBodySchema>;

/** DELETE /api/store/cart/items/:itemId and POST /api/store/cart/clear */
export const cartSerialBodySchema = z.object({ serial: cartSerialSchema }).strict();
export type CartSerialBody = z.infer<typeof cartSerialBodySchema>;

export const cartItemParamsSchema = z.object({ itemId: publicIdSchema }).strict();

/**
 * One change of a batch (POST /api/store/cart/changes): what the web's debounced queue sends in one request.
 * add: add `quantity` packs of a variant (to its line if there is one); set: a line's quantity (0 removes);
 * remove: a line; clear: every line.
 */
export const cartChangeSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('add'), variantId: publicIdSchema, quantity: cartQuantitySchema }).strict(),
  z.object({ op: z.literal('set'), itemId: publicIdSchema, quantity: cartSetQuantitySchema }).strict(),
  z.object({ op: z.literal('remove'), itemId: publicIdSchema }).strict(),
  z.object({ op: z.literal('clear') }).strict(),
]);
export type CartChange = z.infer<typeof cartChangeSchema>;

export const cartChangesBodySchema = z
  .object({ serial: cartSerialSchema, changes: z.array(cartChangeSchema).min(1).max(100) })
  .strict();
export type CartChangesBody = z.infer<typeof cartChangesBodySchema>;

// ---------- the cart view ----------

export const itemRestrictionSchema = z.object({
  restriction: z.enum(ITEM_RESTRICTION_KINDS),
  max: z.number().int().nullable().optional(),
  min: z.number().int().nullable().optional(),
  /** JURISDICTIONS_RESTRICTION: the states/provinces the product is not sold into. */
  jurisdictions: z.array(z.string()).optional(),
});
export type ItemRestriction = z.infer<typeof itemRestrictionSchema>;

/** A restriction a line breaks (or would break); the 400 'item_restricted' carries one as its details. */
export const restrictionBreachSchema = z.object({
  restriction: z.enum(ITEM_RESTRICTION_KINDS),
  max: z.number().int().optional(),
  min: z.number().int().optional(),
  jurisdiction: z.string().optional(),
});
export type RestrictionBreach = z.infer<typeof restrictionBreachSchema>;

export const cartLineSchema = z.object({
  itemId: z.string(),
  /** The variant's public id. */
  variantId: z.string(),
  product: z.object({ slug: z.string(), name: z.string(), brand: z.string(), image: storeImageSchema.nullable() }),
  seller: storeSellerRefSchema,
  variantLabel: z.string(),
  sku: z.string(),
  quantity: z.number().int(),
  /** The current unit price in the cart's currency; null when the variant is no longer sold in the region. */
  unitPrice: z.string().nullable(),
  lineTotal: z.string().nullable(),
  restrictedUse: z.boolean(),
  /** The restrictions on this product, with their numbers. */
  restrictions: z.array(itemRestrictionSchema),
  /** Restrictions the line breaks now (a quantity over the limit, the buyer's state excluded). */
  breaches: z.array(restrictionBreachSchema),
  /** False when the variant is not sold in the cart's region any more (8.3 itemsNotSellable). */
  sellable: z.boolean(),
  itemAddedAt: z.string(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartAlertSchema = z.object({
  code: z.enum(['items_not_sellable', 'item_restricted', 'restricted_use_items', 'items_merged']),
  itemIds: z.array(z.string()),
});
export type CartAlert = z.infer<typeof cartAlertSchema>;

export const cartEnablementSchema = z.object({
  enabled: z.boolean(),
  reason: z.enum(CART_DISABLED_REASONS).nullable(),
});
export type CartEnablement = z.infer<typeof cartEnablementSchema>;

export const cartViewSchema = z.object({
  id: z.string(),
  serial: z.number().int(),
  status: z.enum(CART_STATUSES),
  kind: z.enum(CART_KINDS),
  currency: z.enum(CURRENCY_CODES),
  items: z.array(cartLineSchema),
  /** Packs in the cart (the sum of quantities): the header button's count. */
  itemCount: z.number().int(),
  /** Sum of the sellable lines' totals, exact, 2 decimals. */
  goodsSubtotal: z.string(),
  alerts: z.array(cartAlertSchema),
  enablement: cartEnablementSchema,
});
export type CartView = z.infer<typeof cartViewSchema>;

/** The 409 cart_conflict details: the cart as it is now. */
export const cartConflictDetailsSchema = z.object({ cart: cartViewSchema });

// ---------- rules ----------

/**
 * The serial rule (4.3, 7.6): a write carries the serial the client holds; unless it is the cart's current serial
 * the write is refused (409 cart_conflict with the current cart). A client cannot be ahead of the server, so a
 * higher serial is refused too.
 */
export function isSerialCurrent(currentSerial: number, sentSerial: number): boolean {
  return currentSerial === sentSerial;
}

/** Every successful write bumps the serial by one. */
export function nextSerial(currentSerial: number): number {
  return currentSerial + 1;
}

/**
 * Whether the web takes an answer: always when it holds no cart or the answer is another cart (a merge at sign-in
 * hands over the user's cart); for the same cart only when the answer's serial is not lower than the one held.
 */
export function acceptCartAnswer(
  held: { id: string; serial: number } | null,
  incoming: { id: string; serial: number },
): boolean {
  if (!held || held.id !== incoming.id) return true;
  return incoming.serial >= held.serial;
}

export type RestrictionRow = {
  kind: ItemRestrictionKindValue;
  maxQuantity: number | null;
  minQuantity: number | null;
  jurisdictions: readonly string[];
};

export function restrictionView(r: RestrictionRow): ItemRestriction {
  switch (r.kind) {
    case 'QUANTITY_LIMIT':
      return { restriction: r.kind, max: r.maxQuantity };
    case 'MINIMUM_QUANTITY':
      return { restriction: r.kind, min: r.minQuantity };
    case 'JURISDICTIONS_RESTRICTION':
      return { restriction: r.kind, jurisdictions: [...r.jurisdictions] };
  }
}

/**
 * The restrictions a quantity of a product breaks: over a QUANTITY_LIMIT's max, under a MINIMUM_QUANTITY's min,
 * or a buyer's jurisdiction (state/province code) among a JURISDICTIONS_RESTRICTION's list. With no known
 * jurisdiction (a guest, an enterprise without a state) the jurisdiction rule is checked at checkout, not here.
 */
export function evaluateItemRestrictions(input: {
  restrictions: readonly RestrictionRow[];
  quantity: number;
  jurisdiction?: string | null;
}): RestrictionBreach[] {
  const out: RestrictionBreach[] = [];
  const where = input.jurisdiction?.trim().toUpperCase() || null;
  for (const r of input.restrictions) {
    if (r.kind === 'QUANTITY_LIMIT' && r.maxQuantity !== null && input.quantity > r.maxQuantity) {
      out.push({ restriction: r.kind, max: r.maxQuantity });
    } else if (r.kind === 'MINIMUM_QUANTITY' && r.minQuantity !== null && input.quantity < r.minQuantity) {
      out.push({ restriction: r.kind, min: r.minQuantity });
    } else if (
      r.kind === 'JURISDICTIONS_RESTRICTION' &&
      where &&
      r.jurisdictions.some((j) => j.toUpperCase() === where)
    ) {
      out.push({ restriction: r.kind, jurisdiction: where });
    }
  }
  return out;
}

export type EnterpriseRole = 'owner' | 'subaccount' | 'professional';

/**
 * When the cart is on (6.2): the region must have add-to-cart (9.2); a guest may then fill a cart (the permission
 * is checked for signed-in users: they buy for an enterprise); a signed-in user needs the input-purchasing
 * permission — a super admin passes, an owner of the selected enterprise passes, otherwise the member's flags on
 * it must hold 'has_input_purchasing_access'. A signed-in user with no enterprise selected has no such permission.
 */
export function cartEnablement(input: {
  regionAreas: readonly StoreArea[];
  signedIn: boolean;
  isSuperAdmin?: boolean;
  enterpriseRole?: EnterpriseRole | null;
  enterprisePermissions?: readonly string[] | null;
}): CartEnablement {
  if (!input.regionAreas.includes('add-to-cart')) return { enabled: false, reason: 'cart_not_available_in_region' };
  if (!input.signedIn || input.isSuperAdmin) return { enabled: true, reason: null };
  if (input.enterpriseRole === 'owner') return { enabled: true, reason: null };
  if (input.enterprisePermissions?.includes(INPUT_PURCHASING_PERMISSION)) return { enabled: true, reason: null };
  return { enabled: false, reason: 'enterprise_access_required' };
}
