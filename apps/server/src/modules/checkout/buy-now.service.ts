// Buy now (platform.md 1; docs/decisions/021-checkout-and-orders.md): a one-item cart of its own ('buy_now', beside the buyer's cart) that goes straight to
// checkout, priced in the buyer's region.

import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { callerForUser, enablementOf, enablementRefusal, variantWithPrice } from '../cart/cart.public.ts';
import * as buyNowRepo from './buy-now.repo.ts';
import type { Caller } from './checkout-pricing.service.ts';

export async function buyNow(
  db: Db,
  caller: Caller,
  body: { variantId: string; quantity: number },
): Promise<{ cartId: string; serial: number }> {
  const cartCaller = await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId });
  const refusal = enablementRefusal(enablementOf(cartCaller));
  if (refusal) throw refusal;
  const region = cartCaller.region;
  const variant = await variantWithPrice(db, { publicId: body.variantId }, region.country as 'USA');
  if (!variant) throw new AppError('not_found', 'This product does not exist.');
  if (variant.amount === null) throw new AppError('variant_not_sold_in_region');
  return db.transaction(async (tx) => {
    const cart = await buyNowRepo.ensureBuyNowCart(
      tx,
      caller.userId,
      cartCaller.membership?.enterpriseId ?? null,
      region.country,
      region.currency,
    );
    await buyNowRepo.insertCartItem(tx, cart.id, variant.id, body.quantity, variant.amount!);
    return { cartId: cart.id, serial: cart.serial };
  });
}

// ---------- addresses, contacts, licences ----------
