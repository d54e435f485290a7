import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDetail } from '@granary/domain';
import { renderApp } from '../../../test/render-app';
import { serveStore } from '../test-server';

// Issue 13: the order page offers its invoice PDF and shows no heading without something under it.

afterEach(() => vi.restoreAllMocks());

const ORDER_ID = '11111111-1111-4111-8111-111111111111';

const order = (extra: Partial<OrderDetail> = {}): OrderDetail => ({
  id: ORDER_ID,
  orderNumber: 'GS-100001',
  kind: 'cart',
  cartId: '22222222-2222-4222-8222-222222222222',
  status: 'processing',
  placedAt: '2025-06-24T15:20:00.000Z',
  currency: 'USD',
  total: '412.17',
  itemCount: 1,
  productNames: ['Azoxystrobin 2SC'],
  sellers: [{ slug: 'house', name: 'Direct Store', kind: 'house' }],
  shippingMethods: ['delivery'],
  paymentStatus: 'pending',
  enterpriseIdPublic: null,
  totals: {
    goodsSubtotal: '412.17',
    discountTotal: '0.00',
    shippingTotal: '0.00',
    shippingDiscountTotal: '0.00',
    taxTotal: '0.00',
    paymentFeeTotal: '0.00',
    total: '412.17',
  },
  discounts: [],
  promoCode: null,
  referralCode: null,
  paymentTerms: 'check',
  paymentMethod: null,
  billingAddress: null,
  fulfillments: [
    {
      partitionKey: 'seller-1.warehouse-1',
      seller: { slug: 'house', name: 'Direct Store', kind: 'house' },
      warehouse: { code: 'AMS', name: 'Ames distribution center', city: 'Ames', region: 'IA' },
      shippingMethod: 'delivery',
      status: 'processing',
      address: null,
      contact: { firstName: '', lastName: '', email: '', phoneNumber: '' },
      fulfillmentPromise: null,
      deliveryNotBefore: null,
      deliveryNotAfter: null,
      applicationTiming: null,
      specialInstructions: '',
      shippingTotal: '0.00',
      lines: [
        {
          id: 1,
          partitionKey: 'seller-1.warehouse-1',
          productId: '44444444-4444-4444-8444-444444444444',
          productSlug: 'hs-azoxystrobin-2sc',
          productName: 'Azoxystrobin 2SC',
          variantId: '55555555-5555-4555-8555-555555555555',
          variantLabel: '2.5 gal jug',
          sku: 'HA000101-1',
          quantity: 1,
          unitPrice: '412.17',
          lineTotal: '412.17',
          imageUrl: null,
          review: null,
        },
      ],
    },
  ],
  readiness: [],
  reviewable: false,
  ...extra,
});

describe('the order page', () => {
  it('links the invoice PDF of the order', async () => {
    renderApp(`/direct/order-history-details/${ORDER_ID}`, 'farmer');
    serveStore((path) => (path === `/orders/${ORDER_ID}` ? { status: 200, body: order() } : undefined));
    const link = await screen.findByRole('link', { name: 'Download invoice (PDF)' });
    expect(link.getAttribute('href')).toBe(`/api/store/orders/${ORDER_ID}/invoice`);
  });

  it('leaves out a heading with nothing under it (no address, an empty contact, no billing address)', async () => {
    renderApp(`/direct/order-history-details/${ORDER_ID}`, 'farmer');
    serveStore((path) => (path === `/orders/${ORDER_ID}` ? { status: 200, body: order() } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Order GS-100001' });
    const shipment = screen.getByRole('region', { name: /Sold by/ });
    expect(within(shipment).queryByText('Deliver to')).toBeNull();
    expect(within(shipment).queryByText('Contact')).toBeNull();
    expect(within(shipment).getByText('Azoxystrobin 2SC')).toBeTruthy();
    expect(screen.queryByText('Billing address')).toBeNull();
  });
});
