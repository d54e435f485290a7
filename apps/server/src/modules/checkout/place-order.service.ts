// Placing the order (platform.md 2.9, 4.3, 8.3; docs/decisions/021-checkout-and-orders.md) in one transaction with the
// cart row locked: the same checks the checkout view shows as problems (each a refusal here), the card authorization,
// the order with its fulfillments and items (stock taken per line), the cart checked out and the confirmation e-mail;
// and the placed order's view.

import {
  missingForPayment,
  evaluateItemRestrictions,
  formatMoney,
  initialPaymentStatus,
  isPaymentTerm,
  moneyAmount,
  paymentNeedsProvider,
  shownShippingMethod,
  toDecimal,
  type PaymentTerm,
  type PlacedOrder,
  shouldShowTermsDialog,
} from '@granary/domain';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { MailContext } from '../../platform/mail/mail-layout.tsx';
import { sendMail } from '../../platform/mail/send-mail.ts';
import { notifyUsers } from '../../platform/notifications.ts';
import { refreshProductRegions } from '../store-catalog/store-catalog.public.ts';
import * as repo from './checkout.repo.ts';
import { addressView, contactView, type AddressRow } from '../addresses/addresses.public.ts';
import * as orderRepo from './place-order.repo.ts';
import { billingFacts, compute, type Caller, type CheckoutDeps, type Computed } from './checkout-pricing.service.ts';
import { warehouseView } from './checkout-view.ts';
import { assertCanBuy, inBuyersRegion } from './checkout.service.ts';

export async function placeOrder(
  db: Db,
  caller: Caller,
  body: { cartId: string; serial: number; expectedTotal: string },
  deps: CheckoutDeps,
  /** The partner's brand and the origin the buyer came from, for the confirmation e-mail's links. */
  mail: MailContext,
): Promise<PlacedOrder> {
  await assertStoreTermsAccepted(db, caller.userId);
  const placed = await db.transaction(async (tx) => {
    const cart = await lockedOpenCart(tx, caller, body);
    await assertCanBuy(tx, caller);
    const c = await compute(tx, caller, cart, deps);
    const term = assertPlaceable(c, body.expectedTotal);
    const payment = await authorizePayment(c, term, deps);
    const order = await orderRepo.insertOrder(tx, orderOf(caller, c, term, payment));
    await insertFulfillments(tx, order.id, c);
    await orderRepo.markCheckedOut(tx, cart.id);
    await refreshProductRegions(tx, [...new Set(c.lines.map((l) => l.productId))]);
    await sendConfirmation(tx, caller, c, order.orderNumber, mail);
    return order;
  });
  return orderView(db, caller, body.cartId, placed.id);
}

/**
 * The store's terms (platform.md 2.9): a buyer the terms dialog is for may not place an order before accepting them —
 * the dialog asks in the browser; this holds a caller that skips it (an old tab, a script) to the same rule.
 */
async function assertStoreTermsAccepted(db: Db, userId: string): Promise<void> {
  const row = await orderRepo.termsRuleRowOf(db, userId);
  if (!row) throw new AppError('not_found');
  const user = {
    isLoggedIn: true,
    email: row.email,
    legacyId: row.legacyId,
    experiences: row.experiences,
    admin: { is_super_admin: row.isSuperAdmin, permissions: row.adminPermissions },
  };
  if (shouldShowTermsDialog({ user, mustAcceptTos: !row.tosAccepted })) throw new AppError('terms_not_accepted');
}

/** The caller's cart, locked, in their region, still open and at the serial they saw. */
async function lockedOpenCart(
  tx: Db,
  caller: Caller,
  body: { cartId: string; serial: number },
): Promise<repo.CheckoutCartRow> {
  const locked = await repo.cartOfUser(tx, caller.userId, body.cartId, true);
  if (!locked) throw new AppError('not_found');
  const cart = await inBuyersRegion(tx, caller, locked);
  if (cart.status === 'checked_out') {
    const order = await orderRepo.orderOfCart(tx, cart.id);
    throw new AppError('cart_already_checked_out', undefined, {
      orderId: order?.id ?? null,
      orderNumber: order?.orderNumber ?? null,
      cartId: cart.id,
    });
  }
  if (cart.status !== 'open') throw new AppError('not_found');
  if (cart.serial !== body.serial) throw new AppError('cart_conflict', undefined, { serial: cart.serial });
  return cart;
}

/**
 * Refuses an order the checkout view would show a problem for (lines to adjust, restricted items, a missing licence,
 * shipping, delivery dates, codes, payment, billing address) or whose total is not the one the buyer saw; answers the
 * payment term.
 */
function assertPlaceable(c: Computed, expectedTotal: string): PaymentTerm {
  const cart = c.cart;
  if (c.lines.length === 0)
    throw new AppError('invalid_checkout_cart_content', 'Your cart is empty.', {
      section: 'itemsNotSellable',
      items: [],
    });

  const changed = c.lines.filter((l) => l.amount === null || l.amount !== l.pricedAmount || l.available < l.quantity);
  if (changed.length > 0) {
    throw new AppError('items_need_adjustment', undefined, {
      section: 'items_need_adjustment',
      items: changed.map((l) => ({
        itemId: l.itemId,
        productName: l.productName,
        quantity: l.quantity,
        pricedAmount: l.pricedAmount,
        currentPrice: l.amount,
        available: l.available,
      })),
    });
  }
  const restricted = c.lines.filter(
    (l) =>
      evaluateItemRestrictions({ restrictions: l.restrictions, quantity: l.quantity, jurisdiction: c.buyerState })
        .length > 0,
  );
  if (restricted.length > 0) {
    throw new AppError('invalid_checkout_cart_content', undefined, {
      section: 'itemsNotSellable',
      items: restricted.map((l) => ({ itemId: l.itemId, productName: l.productName })),
    });
  }
  if (!c.rupOk) {
    throw new AppError(
      'invalid_checkout_cart_content',
      'Restricted-use products need a valid applicator licence on file.',
      {
        section: 'ineligible_items',
        items: c.lines.filter((l) => l.restrictedUse).map((l) => ({ itemId: l.itemId, productName: l.productName })),
      },
    );
  }
  for (const p of c.partitions) {
    if (p.shippingMissing.length > 0)
      throw new AppError('invalid_shipping_address', p.shippingMissing[0], {
        section: 'shipping',
        partitionKey: p.key,
        missing: p.shippingMissing,
      });
    if (p.timingProblem) throw new AppError(p.timingProblem, undefined, { section: 'delivery', partitionKey: p.key });
  }
  if (c.promoRefusal)
    throw new AppError('invalid_promo_code', undefined, { section: 'invalid_promo_code', reason: c.promoRefusal });
  if (c.referralRefused) throw new AppError('invalid_referral_code', undefined, { section: 'invalid_referral_code' });
  const term =
    cart.paymentTerms && isPaymentTerm(cart.paymentTerms) && c.terms.includes(cart.paymentTerms)
      ? cart.paymentTerms
      : null;
  const paymentMissing = missingForPayment({ hasTerm: term !== null, billing: billingFacts(c.billingAddress) });
  if (!term)
    throw new AppError('invalid_checkout_cart_content', paymentMissing[0], {
      section: 'payment',
      missing: paymentMissing,
    });
  if (paymentMissing.length > 0)
    throw new AppError('invalid_billing_address', paymentMissing[0], { section: 'payment', missing: paymentMissing });
  const totals = c.totals.totals;
  if (!toDecimal(expectedTotal).equals(totals.total)) {
    throw new AppError('items_need_adjustment', 'The total changed since you saw it. Please review your order.', {
      section: 'items_need_adjustment',
      items: [],
      expectedTotal,
      total: totals.total,
    });
  }
  return term;
}

type Payment = { paymentStatus: orderRepo.OrderWrite['paymentStatus']; reference: string | null };

/** A card term is authorized with the card provider for the total (a refusal is payment_failed); others start as the term says. */
async function authorizePayment(c: Computed, term: PaymentTerm, deps: CheckoutDeps): Promise<Payment> {
  const cart = c.cart;
  if (!paymentNeedsProvider(term)) return { paymentStatus: initialPaymentStatus(term), reference: null };
  if (!deps.cardProvider || !cart.paymentMethod)
    throw new AppError('payment_failed', undefined, { section: 'payment' });
  const auth = await deps.cardProvider.authorize({
    amount: c.totals.totals.total,
    currency: cart.currency,
    token: cart.paymentMethod,
    orderRef: cart.id,
  });
  if (!auth.ok) throw new AppError('payment_failed', undefined, { section: 'payment', reason: auth.reason });
  return { paymentStatus: 'authorized', reference: auth.reference };
}

function addressCopy(a: AddressRow | null): Record<string, unknown> | null {
  return a ? { ...addressView(a) } : null;
}

/** The order row: the cart's choices, the totals, and copies of the billing address and the licence as they are now. */
function orderOf(caller: Caller, c: Computed, term: PaymentTerm, payment: Payment): orderRepo.OrderWrite {
  const cart = c.cart;
  const holder = c.licences.find((l) => l.id === cart.rupHolderId) ?? null;
  return {
    cartId: cart.id,
    kind: cart.kind,
    userId: caller.userId,
    enterpriseId: cart.enterpriseId,
    country: cart.country,
    currency: cart.currency,
    totals: c.totals.totals,
    paymentTerms: term,
    paymentMethod: paymentNeedsProvider(term) ? 'card' : null,
    paymentStatus: payment.paymentStatus,
    paymentReference: payment.reference,
    promoCode: cart.promoCode,
    referralCode: cart.referralCode,
    discounts: c.totals.discounts.map((d) => ({ name: d.name, amount: d.amount })),
    billingAddress: addressCopy(c.billingAddress),
    rupLicence:
      c.rupRequired && holder
        ? {
            holderName: holder.holderName,
            licenceNumber: holder.licenceNumber,
            jurisdiction: holder.jurisdiction,
            expiresOn: holder.expiresOn,
          }
        : null,
  };
}

/** One fulfillment per partition (its address or pickup warehouse and contact copied), its items, and their stock taken. */
async function insertFulfillments(tx: Db, orderId: string, c: Computed): Promise<void> {
  const cart = c.cart;
  const userAddressIds = c.addresses.map((a) => a.id);
  for (const p of c.partitions) {
    const s = p.settings!;
    const pickup = s.shippingMethod === 'pickup' ? c.warehouses.find((w) => w.id === s.pickupWarehouseId) : null;
    await orderRepo.insertFulfillment(tx, {
      orderId,
      partitionKey: p.key,
      sellerId: p.sellerId,
      warehouseId: pickup?.id ?? p.warehouse.id,
      shippingMethod: shownShippingMethod(s.shippingMethod!, s.deliveryAddressId, userAddressIds),
      address:
        s.shippingMethod === 'delivery'
          ? addressCopy(p.deliveryAddress)
          : pickup
            ? { ...warehouseView(pickup), format: 'warehouse' }
            : null,
      contact:
        s.shippingMethod === 'delivery' && p.contact
          ? contactView(p.contact)
          : { contactEmail: cart.pickupContactEmail, contactPhone: cart.pickupContactPhone },
      fulfillmentPromise: s.fulfillmentPromise,
      deliveryNotBefore: s.deliveryNotBefore,
      deliveryNotAfter: s.deliveryNotAfter,
      applicationTiming: s.applicationTiming,
      specialInstructions: s.orderSpecialInstructions,
      shippingTotal: moneyAmount(p.shipping),
    });
    for (const l of p.lines) {
      await orderRepo.insertOrderItem(tx, {
        orderId,
        partitionKey: p.key,
        productId: l.productId,
        variantId: l.variantId,
        sellerId: l.sellerId,
        warehouseId: l.warehouseId,
        productName: l.productName,
        variantLabel: l.label,
        sku: l.sku,
        quantity: l.quantity,
        unitPrice: l.pricedAmount,
        lineTotal: moneyAmount(toDecimal(l.pricedAmount).times(l.quantity)),
      });
      if (!(await orderRepo.takeStock(tx, l.variantId, l.warehouseId, l.quantity))) {
        throw new AppError('items_need_adjustment', undefined, {
          section: 'items_need_adjustment',
          items: [{ itemId: l.itemId, productName: l.productName, quantity: l.quantity, available: 0 }],
        });
      }
    }
  }
}

/** The order confirmation e-mail, through the outbox (sent once the transaction commits). */
async function sendConfirmation(
  tx: Db,
  caller: Caller,
  c: Computed,
  orderNumber: string,
  mail: MailContext,
): Promise<void> {
  const totals = c.totals.totals;
  const user = await orderRepo.userEmail(tx, caller.userId);
  if (!user) return;
  await sendMail(tx, {
    template: 'store_order_confirmation',
    data: {
      firstName: user.firstname || null,
      orderNumber,
      path: `/direct/order-confirmation/${encodeURIComponent(c.cart.id)}`,
      currency: c.cart.currency,
      lines: c.lines.map((l) => ({
        quantity: l.quantity,
        name: l.productName,
        label: l.label,
        total: moneyAmount(toDecimal(l.pricedAmount).times(l.quantity)),
      })),
      totals: {
        goods: totals.goodsSubtotal,
        discounts: totals.discountTotal,
        shipping: totals.shippingTotal,
        tax: totals.taxTotal,
        fees: totals.paymentFeeTotal,
        total: totals.total,
      },
    },
    ctx: mail,
    recipient: user.email,
    userId: caller.userId,
  });
  // The receipt above always goes; the in-app notice (and a text, if asked for) follows the orders preference (055).
  await notifyUsers(tx, [
    {
      userId: caller.userId,
      topic: 'orders.placed',
      title: `Order ${orderNumber} placed`,
      body: `${c.lines.length === 1 ? '1 product' : `${c.lines.length} products`}, ${formatMoney(totals.total, { currency: c.cart.currency })} in total.`,
      link: `/direct/order-confirmation/${encodeURIComponent(c.cart.id)}`,
    },
  ]);
}

// ---------- the placed order ----------

function addressLine(a: Record<string, unknown> | null): string | null {
  if (!a) return null;
  if (a.format === 'can_lll')
    return `${[a.lllQuarter, a.lllSection, a.lllTownship, a.lllRange, a.lllMeridian].join('-')}, ${a.region}`;
  return [a.line1, a.city, `${a.region} ${a.postalCode}`].filter((s) => s && String(s).trim() !== '').join(', ');
}

export async function orderView(db: Db, caller: Caller, cartId: string, _orderId?: string): Promise<PlacedOrder> {
  const o = await orderRepo.orderOfUserByCart(db, caller.userId, cartId);
  if (!o) throw new AppError('not_found', 'No order was placed from this cart.');
  const items = await orderRepo.orderItems(db, o.id);
  const fulfillments = await orderRepo.orderFulfillments(db, o.id);
  return {
    orderId: o.id,
    orderNumber: o.orderNumber,
    cartId: o.cartId,
    kind: o.kind,
    status: o.status,
    paymentStatus: o.paymentStatus,
    paymentTerms: o.paymentTerms,
    currency: o.currency,
    placedAt: o.placedAt,
    totals: {
      goodsSubtotal: o.goodsSubtotal,
      discountTotal: o.discountTotal,
      shippingTotal: o.shippingTotal,
      shippingDiscountTotal: o.shippingDiscountTotal,
      taxTotal: o.taxTotal,
      paymentFeeTotal: o.paymentFeeTotal,
      total: o.total,
    },
    items: items.map((i) => ({
      productName: i.productName,
      variantLabel: i.variantLabel,
      sku: i.sku,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
    })),
    fulfillments: fulfillments.map((f) => ({
      partitionKey: f.partitionKey,
      shippingMethod: f.shippingMethod,
      warehouseName: f.warehouseName,
      address: addressLine(f.address),
    })),
  };
}

// ---------- buy now ----------
