import type { CartLine, CartView } from '@granary/domain';

// Cart lines and carts for the cart's tests.

export function line(n: number, extra: Partial<CartLine> = {}): CartLine {
  return {
    itemId: `10000000-0000-4000-8000-00000000000${n}`,
    variantId: `00000000-0000-4000-8000-00000000000${n}`,
    product: { slug: `product-${n}`, name: `Product ${n}`, brand: 'Harvest Standard', image: null },
    seller: { slug: 'house', name: 'Direct Store', kind: 'house' },
    variantLabel: '2.5 gal jug',
    sku: `SKU-${n}`,
    quantity: 1,
    unitPrice: '10.25',
    lineTotal: '10.25',
    restrictedUse: false,
    restrictions: [],
    breaches: [],
    sellable: true,
    itemAddedAt: '2026-03-01T12:00:00.000Z',
    ...extra,
  };
}

export function cartOf(serial: number, items: CartLine[] = [], extra: Partial<CartView> = {}): CartView {
  return {
    id: 'cart-1',
    serial,
    status: 'open',
    kind: 'cart',
    currency: 'USD',
    items,
    itemCount: items.reduce((n, l) => n + l.quantity, 0),
    goodsSubtotal: '0.00',
    alerts: [],
    enablement: { enabled: true, reason: null },
    ...extra,
  };
}
