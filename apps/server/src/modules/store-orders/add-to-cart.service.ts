// Putting store items back into the cart through the cart module (issue 6): an order's lines (reorder) or a shopping
// list's; each variant is added or refused with its reason, and refusals of the whole cart are said as they are.

import { type AddToCartOutcome, type CartRefusalReason } from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { addItemsToCart } from '../cart/cart.public.ts';
import * as repo from './store-orders.repo.ts';
import * as variantsRepo from './variant-refs.repo.ts';
import { country, requireOrder, type Buyer } from './store-orders.service.ts';

type Wanted = { variant: variantsRepo.VariantRef; quantity: number };

function refusal(w: Wanted, reason: CartRefusalReason, message: string): AddToCartOutcome['notAdded'][number] {
  return {
    variantId: w.variant.publicId,
    productName: w.variant.productName,
    variantLabel: w.variant.label,
    quantity: w.quantity,
    reason,
    message,
  };
}

const added = (w: Wanted) => ({
  variantId: w.variant.publicId,
  productName: w.variant.productName,
  variantLabel: w.variant.label,
  quantity: w.quantity,
});

/** Errors that refuse the whole cart (no cart in the region, no purchasing permission): said as they are. */
const WHOLE_CART_CODES = new Set(['cart_not_available_in_region', 'enterprise_access_required', 'forbidden']);

/**
 * Puts variants into the user's open cart: what is no longer sold in the region is left out and said so; the rest
 * goes in one write. When the cart refuses that write (a restriction, a bound), each line is tried on its own so
 * that the good ones still go in and each refused one says why.
 */
export async function putInCart(db: Db, buyer: Buyer, wanted: Wanted[]): Promise<AddToCartOutcome> {
  const notAdded: AddToCartOutcome['notAdded'] = [];
  const sellable: Wanted[] = [];
  for (const w of wanted) {
    if (!w.variant.sold)
      notAdded.push(refusal(w, 'not_sold_in_region', 'This product is no longer sold in your region.'));
    else sellable.push(w);
  }
  const base = { userId: buyer.userId, region: buyer.region, currentEnterpriseId: buyer.currentEnterpriseId };
  if (sellable.length === 0) return { added: [], notAdded, cart: null };
  try {
    const cart = await addItemsToCart(db, {
      ...base,
      items: sellable.map((w) => ({ variantId: w.variant.id, quantity: w.quantity })),
    });
    return {
      added: sellable.map(added),
      notAdded,
      cart: { id: cart.id, serial: cart.serial, itemCount: cart.itemCount },
    };
  } catch (error) {
    if (!(error instanceof AppError) || WHOLE_CART_CODES.has(error.code) || sellable.length === 1) {
      if (error instanceof AppError && !WHOLE_CART_CODES.has(error.code) && sellable.length === 1) {
        return {
          added: [],
          notAdded: [...notAdded, refusal(sellable[0]!, reasonOf(error), error.message)],
          cart: null,
        };
      }
      throw error;
    }
  }
  const ok: Wanted[] = [];
  let cart: AddToCartOutcome['cart'] = null;
  for (const w of sellable) {
    try {
      const view = await addItemsToCart(db, { ...base, items: [{ variantId: w.variant.id, quantity: w.quantity }] });
      cart = { id: view.id, serial: view.serial, itemCount: view.itemCount };
      ok.push(w);
    } catch (error) {
      if (!(error instanceof AppError) || WHOLE_CART_CODES.has(error.code)) throw error;
      notAdded.push(refusal(w, reasonOf(error), error.message));
    }
  }
  return { added: ok.map(added), notAdded, cart };
}

function reasonOf(error: AppError): CartRefusalReason {
  if (error.code === 'item_restricted') return 'restricted';
  if (error.code === 'variant_not_sold_in_region') return 'not_sold_in_region';
  if (error.code === 'not_found') return 'not_sold';
  return 'cart_refused';
}

/** Reorder: the order's lines, each variant once with its quantity, back into the cart. */
export async function reorder(db: Db, buyer: Buyer, orderId: string): Promise<AddToCartOutcome> {
  const order = await requireOrder(db, buyer, { id: orderId });
  const items = await repo.itemsOf(db, order.id, buyer.userId);
  const quantities = new Map<number, number>();
  for (const i of items) quantities.set(i.variantId, (quantities.get(i.variantId) ?? 0) + i.quantity);
  const variants = await variantsRepo.variantsById(db, [...quantities.keys()], country(buyer));
  const byId = new Map(variants.map((v) => [v.id, v]));
  return putInCart(
    db,
    buyer,
    [...quantities.entries()].flatMap(([id, quantity]) => {
      const variant = byId.get(id);
      return variant ? [{ variant, quantity }] : [];
    }),
  );
}
