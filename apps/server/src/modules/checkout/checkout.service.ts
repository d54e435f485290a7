// Checkout (platform.md 4.3, 8.3; docs/decisions/021-checkout-and-orders.md): the checkout view of a user's cart and
// its writes, each with the cart serial. The computed checkout is in checkout-pricing.service.ts and its API shape in
// checkout-view.ts; placing the order is place-order.service.ts, buy-now carts buy-now.service.ts, the buyer's
// addresses and contacts address-book.service.ts and their applicator licences licences.service.ts.

import {
  addressProblems,
  deliveryTimingProblem,
  isSubdivisionOf,
  isValidEmail,
  isValidPhone,
  licenceValid,
  paymentNeedsProvider,
  promiseAvailable,
  type CheckoutView,
  type PartitionShippingRequest,
  type PaymentTerm,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { callerForUser, enablementOf, enablementRefusal } from '../cart/cart.public.ts';
import * as repo from './checkout.repo.ts';
import * as addressBookRepo from '../addresses/addresses.public.ts';
import * as licencesRepo from './licences.repo.ts';
import * as orderRepo from './place-order.repo.ts';
import { compute, todayOf, toValues, type Caller, type CheckoutDeps } from './checkout-pricing.service.ts';
import { viewOf } from './checkout-view.ts';

/**
 * The caller's cart for the checkout page. The page needs the right its writes need (6.2): a member without input
 * purchasing is told whom to ask (the one access-denied code), not shown a checkout whose every step would be refused.
 * After the lookup, so another user's cart id stays a 404 (IDOR) as it is for the writes; before the cart is moved
 * to the buyer's region, so a refusal changes nothing. A cart already ordered still leads to its confirmation.
 */
async function cartFor(db: Db, caller: Caller, cartId: string | undefined): Promise<repo.CheckoutCartRow> {
  const id = cartId ?? (await repo.openCartIdOfUser(db, caller.userId, 'cart'));
  const cart = id ? await repo.cartOfUser(db, caller.userId, id) : null;
  if (!cart && cartId === undefined) await assertCanBuy(db, caller);
  if (!cart) throw new AppError('not_found', 'Your cart is empty.');
  if (cart.status === 'open') await assertCanBuy(db, caller);
  return inBuyersRegion(db, caller, cart);
}

/**
 * The cart in the signed-in buyer's region: the cart API prices a signed-in user's cart in their enterprise's country
 * (whatever locale the page had), and so does checkout, so the cart and the checkout never show two different
 * totals. An open cart last written from elsewhere is moved to that country first (and then needs its lines re-priced:
 * items_need_adjustment).
 */

/** The address book the caller's checkout uses: their current enterprise's (decision 051). */
async function bookOwnerOf(db: Db, caller: Caller): Promise<addressBookRepo.BookOwner> {
  return (await addressBookRepo.bookOfCaller(db, caller)).owner;
}

export async function inBuyersRegion(
  db: Db,
  caller: Caller,
  cart: repo.CheckoutCartRow,
): Promise<repo.CheckoutCartRow> {
  if (cart.status !== 'open') return cart;
  const { region } = await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId });
  if (cart.country === region.country && cart.currency === region.currency) return cart;
  await repo.alignCartRegion(db, cart.id, region.country, region.currency);
  return { ...cart, country: region.country, currency: region.currency };
}

async function ownReferralCode(db: Db, enterpriseId: number | null): Promise<string | null> {
  if (enterpriseId === null) return null;
  const existing = await repo.referralCodeOf(db, enterpriseId);
  if (existing) return existing;
  // Made on first use: 'REF-' and six letters/digits from the id (readable: no 0/O, 1/I).
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let n = enterpriseId * 7919 + 104_729;
  let code = '';
  for (let i = 0; i < 6; i++) {
    code += alphabet[n % alphabet.length];
    n = Math.floor(n / alphabet.length) + i * 31;
  }
  await repo.insertReferralCode(db, enterpriseId, `REF-${code}`);
  return repo.referralCodeOf(db, enterpriseId);
}

export async function checkoutView(
  db: Db,
  caller: Caller,
  cartId: string | undefined,
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  const cart = await cartFor(db, caller, cartId);
  if (cart.status === 'checked_out') {
    const order = await orderRepo.orderOfCart(db, cart.id);
    throw new AppError('cart_already_checked_out', undefined, {
      orderId: order?.id ?? null,
      orderNumber: order?.orderNumber ?? null,
      cartId: cart.id,
    });
  }
  if (cart.status !== 'open') throw new AppError('not_found', 'Your cart is empty.');
  const c = await compute(db, caller, cart, deps);
  return viewOf(c, deps, await ownReferralCode(db, cart.enterpriseId));
}

// ---------- writes ----------

/**
 * 6.2: every checkout write and the order need the cart on for the buyer: the region's add-to-cart and the
 * input-purchasing permission on their current enterprise (an owner, or the member's flag; issue 16). The page hides
 * the buttons; this holds an old tab or a script to the same rule.
 */
export async function assertCanBuy(db: Db, caller: Caller): Promise<void> {
  const refusal = enablementRefusal(
    enablementOf(await callerForUser(db, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId })),
  );
  if (refusal) throw refusal;
}

/**
 * A checkout write: claims the serial (stale → 409 cart_conflict with the current view; ordered → 409
 * cart_already_checked_out), applies the change in the same transaction (a refusal rolls both back) and answers the
 * new view.
 */
async function write(
  db: Db,
  caller: Caller,
  cartId: string,
  serial: number,
  deps: CheckoutDeps,
  apply: (tx: Db, cart: repo.CheckoutCartRow) => Promise<void>,
): Promise<CheckoutView> {
  const outcome = await db.transaction(async (tx) => {
    const claimed = await repo.claimSerial(tx, caller.userId, cartId, serial);
    if (!claimed) return null;
    // After the claim: another user's cart stays a 404 (IDOR); a refusal rolls the claim back.
    await assertCanBuy(tx, caller);
    await apply(tx, claimed);
    return claimed;
  });
  if (!outcome) {
    const cart = await repo.cartOfUser(db, caller.userId, cartId);
    if (!cart) throw new AppError('not_found');
    if (cart.status === 'checked_out') {
      const order = await orderRepo.orderOfCart(db, cart.id);
      throw new AppError('cart_already_checked_out', undefined, {
        orderId: order?.id ?? null,
        orderNumber: order?.orderNumber ?? null,
        cartId,
      });
    }
    if (cart.status !== 'open') throw new AppError('not_found');
    throw new AppError('cart_conflict', undefined, { cart: await checkoutView(db, caller, cartId, deps) });
  }
  return checkoutView(db, caller, cartId, deps);
}

export async function setPartitionShipping(
  db: Db,
  caller: Caller,
  key: string,
  body: PartitionShippingRequest,
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const c = await compute(tx, caller, cart, deps);
    const p = c.partitions.find((x) => x.key === key);
    if (!p) throw new AppError('not_found', 'This part of the order is no longer in the cart.');
    const prev = p.settings;
    const next: Omit<repo.PartitionRow, 'partitionKey'> = {
      shippingMethod: body.shippingMethod ?? prev?.shippingMethod ?? null,
      deliveryAddressId:
        body.deliveryAddressId !== undefined ? body.deliveryAddressId : (prev?.deliveryAddressId ?? null),
      pickupWarehouseId:
        body.pickupWarehouseId !== undefined ? body.pickupWarehouseId : (prev?.pickupWarehouseId ?? null),
      fulfillmentPromise:
        body.fulfillmentPromise !== undefined ? body.fulfillmentPromise : (prev?.fulfillmentPromise ?? null),
      deliveryNotBefore:
        body.deliveryNotBefore !== undefined ? body.deliveryNotBefore : (prev?.deliveryNotBefore ?? null),
      deliveryNotAfter: body.deliveryNotAfter !== undefined ? body.deliveryNotAfter : (prev?.deliveryNotAfter ?? null),
      applicationTiming:
        body.applicationTiming !== undefined ? body.applicationTiming : (prev?.applicationTiming ?? null),
      applicationState:
        body.applicationState !== undefined
          ? (body.applicationState?.toUpperCase() ?? null)
          : (prev?.applicationState ?? null),
      deliveryContactId:
        body.deliveryContactId !== undefined ? body.deliveryContactId : (prev?.deliveryContactId ?? null),
      orderSpecialInstructions: body.orderSpecialInstructions ?? prev?.orderSpecialInstructions ?? '',
    };
    if (next.shippingMethod === 'pickup') {
      if (next.fulfillmentPromise === null || next.fulfillmentPromise !== 'N/A') next.fulfillmentPromise = 'N/A';
      next.deliveryNotBefore = null;
      next.deliveryNotAfter = null;
      if (next.pickupWarehouseId === null) next.pickupWarehouseId = p.warehouse.id;
      if (!c.warehouses.some((w) => w.id === next.pickupWarehouseId))
        throw new AppError('invalid_shipping_address', 'Choose a pickup warehouse in your country.', {
          section: 'shipping',
          partitionKey: key,
        });
    } else if (next.shippingMethod === 'delivery') {
      if (next.fulfillmentPromise === 'N/A') next.fulfillmentPromise = null;
      if (next.deliveryAddressId !== null) {
        const a = await addressBookRepo.addressById(tx, next.deliveryAddressId);
        if (!a || a.deleted || !addressBookRepo.inBookOf(a, await bookOwnerOf(tx, caller)))
          throw new AppError('invalid_shipping_address', undefined, {
            section: 'shipping',
            partitionKey: key,
            fields: [{ field: 'deliveryAddressId', problem: 'invalid' }],
          });
        const problems = addressProblems(toValues(a));
        if (a.country !== cart.country) problems.push({ field: 'country', problem: 'invalid' });
        if (problems.length > 0)
          throw new AppError('invalid_shipping_address', undefined, {
            section: 'shipping',
            partitionKey: key,
            fields: problems,
          });
      }
      if (
        next.deliveryContactId !== null &&
        !(await addressBookRepo.contactById(tx, await bookOwnerOf(tx, caller), next.deliveryContactId))
      ) {
        throw new AppError('invalid_shipping_address', 'Choose one of your delivery contacts.', {
          section: 'shipping',
          partitionKey: key,
          fields: [{ field: 'deliveryContactId', problem: 'invalid' }],
        });
      }
      // Dates are checked as they are written (only when the buyer sends them): a wrong one is refused at once.
      if (
        body.fulfillmentPromise !== undefined ||
        body.deliveryNotBefore !== undefined ||
        body.deliveryNotAfter !== undefined
      ) {
        const destination = next.deliveryAddressId
          ? await addressBookRepo.addressById(tx, next.deliveryAddressId)
          : null;
        const problem = next.fulfillmentPromise
          ? deliveryTimingProblem({
              method: 'delivery',
              timing: next.fulfillmentPromise,
              notBefore: next.deliveryNotBefore,
              notAfter: next.deliveryNotAfter,
              today: c.today,
              promiseAvailable: promiseAvailable(
                { country: p.warehouse.country, region: p.warehouse.region },
                destination ? { country: destination.country, region: destination.region } : null,
              ),
            })
          : null;
        if (problem) throw new AppError(problem, undefined, { section: 'delivery', partitionKey: key });
      }
      if (next.fulfillmentPromise !== 'future_shipment_groups') {
        next.deliveryNotBefore = null;
        next.deliveryNotAfter = null;
      }
    }
    if (next.applicationState && !isSubdivisionOf(cart.country, next.applicationState)) {
      throw new AppError('invalid_request', 'Choose a state or province of your country.', {
        fields: [{ field: 'applicationState', problem: 'invalid' }],
      });
    }
    await repo.upsertPartition(tx, cart.id, p.sellerId, p.warehouse.id, key, next);
  });
}

export async function setPayment(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; paymentTerms: PaymentTerm; cardToken?: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const c = await compute(tx, caller, cart, deps);
    if (!c.terms.includes(body.paymentTerms)) {
      throw new AppError('invalid_checkout_cart_content', 'This payment method is not available.', {
        section: 'payment',
      });
    }
    const token = paymentNeedsProvider(body.paymentTerms) ? (body.cardToken ?? cart.paymentMethod ?? null) : null;
    await repo.updateCart(tx, cart.id, { paymentTerms: body.paymentTerms, paymentMethod: token });
  });
}

export async function setBillingAddress(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; billingAddressId: number | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    if (body.billingAddressId !== null) {
      const a = await addressBookRepo.addressById(tx, body.billingAddressId);
      if (!a || a.deleted || !addressBookRepo.inBookOf(a, await bookOwnerOf(tx, caller)))
        throw new AppError('invalid_billing_address', undefined, {
          section: 'payment',
          fields: [{ field: 'billingAddressId', problem: 'invalid' }],
        });
      const problems = addressProblems(toValues(a));
      if (problems.length > 0)
        throw new AppError('invalid_billing_address', undefined, { section: 'payment', fields: problems });
    }
    await repo.updateCart(tx, cart.id, { billingAddressId: body.billingAddressId });
  });
}

export async function setPromoCode(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; promoCode: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const code = body.promoCode?.trim().toUpperCase() || null;
    await repo.updateCart(tx, cart.id, { promoCode: code });
    if (code) {
      const c = await compute(tx, caller, { ...cart, promoCode: code }, deps);
      if (c.promoRefusal)
        throw new AppError('invalid_promo_code', undefined, { section: 'invalid_promo_code', reason: c.promoRefusal });
    }
  });
}

export async function setReferralCode(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; referralCode: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const code = body.referralCode?.trim().toUpperCase() || null;
    if (code) {
      const owner = await repo.enterpriseOfReferralCode(tx, code);
      const own =
        cart.enterpriseId ??
        (await callerForUser(tx, caller.userId, { currentEnterpriseId: caller.currentEnterpriseId })).membership
          ?.enterpriseId ??
        null;
      if (owner === null)
        throw new AppError('invalid_referral_code', undefined, { section: 'invalid_referral_code', reason: 'unknown' });
      if (owner === own)
        throw new AppError('invalid_referral_code', 'You cannot use your own referral code.', {
          section: 'invalid_referral_code',
          reason: 'own_code',
        });
    }
    await repo.updateCart(tx, cart.id, { referralCode: code });
  });
}

export async function setRupHolder(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; rupHolderId: number | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    if (body.rupHolderId !== null) {
      const licence = (await licencesRepo.licencesOf(tx, caller.userId)).find((l) => l.id === body.rupHolderId);
      if (!licence)
        throw new AppError('invalid_checkout_cart_content', 'Choose one of your applicator licences.', {
          section: 'ineligible_items',
        });
      if (!licenceValid(licence.expiresOn, todayOf(deps)))
        throw new AppError('invalid_checkout_cart_content', 'This applicator licence has expired.', {
          section: 'ineligible_items',
        });
    }
    await repo.updateCart(tx, cart.id, { rupHolderId: body.rupHolderId });
  });
}

export async function setPickupContact(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; contactEmail: string | null; contactPhone: string | null },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  const fields: { field: string; problem: 'invalid' }[] = [];
  const email = body.contactEmail?.trim() || null;
  const phone = body.contactPhone?.trim() || null;
  if (email && !isValidEmail(email)) fields.push({ field: 'contactEmail', problem: 'invalid' });
  if (phone && !isValidPhone(phone)) fields.push({ field: 'contactPhone', problem: 'invalid' });
  if (fields.length > 0) throw new AppError('invalid_request', 'Please check the pickup contact.', { fields });
  return write(db, caller, body.cartId, body.serial, deps, (tx, cart) =>
    repo.updateCart(tx, cart.id, { pickupContactEmail: email, pickupContactPhone: phone }),
  );
}

export async function setNotes(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; notes: string },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, (tx, cart) =>
    repo.updateCart(tx, cart.id, { customizationsAdditionalNotes: body.notes }),
  );
}

export async function setExpress(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; express: boolean },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, (tx, cart) =>
    repo.updateCart(tx, cart.id, { express: body.express }),
  );
}

/** Accepts today's prices and stock: lines re-priced, quantities cut to what one warehouse holds, lines gone removed. */
export async function reprice(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number },
  deps: CheckoutDeps,
): Promise<CheckoutView> {
  return write(db, caller, body.cartId, body.serial, deps, async (tx, cart) => {
    const c = await compute(tx, caller, cart, deps);
    for (const l of c.lines) {
      if (l.amount === null || l.available === 0) await repo.deleteItem(tx, l.itemId);
      else {
        if (l.amount !== l.pricedAmount) await repo.setItemPrice(tx, l.itemId, l.amount);
        if (l.available < l.quantity) await repo.setItemQuantity(tx, l.itemId, l.available);
      }
    }
    await repo.markPriced(tx, cart.id);
  });
}
