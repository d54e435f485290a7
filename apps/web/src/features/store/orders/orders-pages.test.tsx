import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  AddToCartOutcome,
  OrderDetail,
  OrderHistory,
  OrderSummary,
  PreviouslyPurchased,
  ReadinessList,
  ShoppingList,
  ShoppingLists,
} from '@granary/domain';
import { renderApp } from '../../../test/render-app';
import { serveStore } from '../test-server';

afterEach(() => vi.restoreAllMocks());

const ORDER_ID = '11111111-1111-4111-8111-111111111111';
const CART_ID = '22222222-2222-4222-8222-222222222222';
const LIST_ID = '33333333-3333-4333-8333-333333333333';
const PRODUCT_ID = '44444444-4444-4444-8444-444444444444';
const VARIANT_ID = '55555555-5555-4555-8555-555555555555';

const summary = (n: number, extra: Partial<OrderSummary> = {}): OrderSummary => ({
  id: n === 1 ? ORDER_ID : `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  orderNumber: `GS-1000${String(n).padStart(2, '0')}`,
  kind: 'cart',
  cartId: CART_ID,
  status: 'delivered',
  placedAt: '2025-06-24T15:20:00.000Z',
  currency: 'USD',
  total: '3973.02',
  itemCount: 2,
  productNames: ['Azoxystrobin 2SC', 'Propiconazole 41.8EC'],
  sellers: [{ slug: 'house', name: 'Direct Store', kind: 'house' }],
  shippingMethods: ['delivery'],
  paymentStatus: 'paid',
  ...extra,
});

const history = (orders: OrderSummary[], extra: Partial<OrderHistory> = {}): OrderHistory => ({
  orders,
  total: orders.length,
  nextPageToken: null,
  years: [2026, 2025],
  sellers: [
    { slug: 'house', name: 'Direct Store', kind: 'house' },
    { slug: 'hoof-and-horn', name: 'Hoof & Horn Animal Health', kind: 'marketplace' },
  ],
  ...extra,
});

const detail = (extra: Partial<OrderDetail> = {}): OrderDetail => ({
  ...summary(1),
  enterpriseIdPublic: '66666666-6666-4666-8666-666666666666',
  totals: {
    goodsSubtotal: '3973.02',
    discountTotal: '198.65',
    shippingTotal: '0.00',
    shippingDiscountTotal: '0.00',
    taxTotal: '0.00',
    paymentFeeTotal: '0.00',
    total: '3774.37',
  },
  discounts: [{ name: 'SPRING5 — Spring 5% off', amount: '198.65' }],
  promoCode: 'SPRING5',
  referralCode: null,
  paymentTerms: 'trade_credit',
  paymentMethod: null,
  billingAddress: {
    name: 'Fieldman Family Farms',
    line1: '31480 Old Lincoln Highway',
    city: 'Nevada',
    region: 'IA',
    postalCode: '50201',
  },
  fulfillments: [
    {
      partitionKey: 'seller-1.warehouse-1',
      seller: { slug: 'house', name: 'Direct Store', kind: 'house' },
      warehouse: { code: 'AMS', name: 'Ames distribution center', city: 'Ames', region: 'IA' },
      shippingMethod: 'delivery',
      status: 'delivered',
      address: {
        name: 'Fieldman Family Farms',
        line1: '31480 Old Lincoln Highway',
        city: 'Nevada',
        region: 'IA',
        postalCode: '50201',
      },
      contact: {
        firstName: 'Sam',
        lastName: 'Fieldman',
        email: 'farmer@demo.granary.test',
        phoneNumber: '+1 (515) 555-0120',
      },
      fulfillmentPromise: 'immediate_promise',
      deliveryNotBefore: '2025-06-24',
      deliveryNotAfter: '2025-07-01',
      applicationTiming: null,
      specialInstructions: '',
      shippingTotal: '0.00',
      lines: [
        {
          id: 1,
          partitionKey: 'seller-1.warehouse-1',
          productId: PRODUCT_ID,
          productSlug: 'hs-azoxystrobin-2sc',
          productName: 'Azoxystrobin 2SC',
          variantId: VARIANT_ID,
          variantLabel: '2 × 2.5 gal case',
          sku: 'HA000101-2',
          quantity: 6,
          unitPrice: '412.17',
          lineTotal: '2473.02',
          imageUrl: null,
          review: null,
        },
      ],
    },
  ],
  readiness: [],
  reviewable: true,
  ...extra,
});

describe('order history', () => {
  it('shows the orders with status chips and totals, and filters by status in the URL', async () => {
    const { router } = renderApp('/direct/order-history', 'farmer');
    const calls = serveStore((path, url) => {
      if (path !== '/orders') return undefined;
      return url.searchParams.get('status') === 'canceled'
        ? {
            status: 200,
            body: history([summary(6, { status: 'canceled', total: '1161.06', productNames: ['Mesotrione 4SC'] })]),
          }
        : { status: 200, body: history([summary(1), summary(6, { status: 'canceled', total: '1161.06' })]) };
    });
    const table = await screen.findByRole('table', { name: 'Order history' });
    expect(within(table).getByRole('link', { name: 'View order GS-100001' }).getAttribute('href')).toBe(
      `/direct/order-history-details/${ORDER_ID}`,
    );
    expect(within(table).getByText('$3,973.02')).toBeTruthy();
    expect(within(table).getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('2 orders')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Canceled' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('status')).toBe('canceled'));
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Order history' })).getByText(/Mesotrione 4SC/)).toBeTruthy(),
    );
    expect(calls.some((c) => c.url.searchParams.get('status') === 'canceled')).toBe(true);
  });

  it('says so when there are no orders yet', async () => {
    renderApp('/direct/order-history', 'farmer');
    serveStore((path) =>
      path === '/orders' ? { status: 200, body: history([], { years: [], sellers: [] }) } : undefined,
    );
    expect(await screen.findByText('You have no orders yet.')).toBeTruthy();
  });

  it('sends a signed-out visitor to sign in', async () => {
    const { router } = renderApp('/direct/order-history', 'anonymous');
    serveStore(() => undefined);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/sign-in/));
  });
});

describe('order details', () => {
  it('shows lines per shipment, totals with the discount, payment, and saves a review', async () => {
    let saved: unknown = null;
    renderApp(`/direct/order-history-details/${ORDER_ID}`, 'farmer');
    serveStore((path, url) => {
      if (path === `/orders/${ORDER_ID}`) return { status: 200, body: detail() };
      if (path === `/orders/${ORDER_ID}/reviews/${PRODUCT_ID}`) {
        saved = url;
        return {
          status: 200,
          body: {
            orderId: ORDER_ID,
            productId: PRODUCT_ID,
            rating: 5,
            title: 'Great',
            body: '',
            createdAt: '2025-07-01T00:00:00Z',
            updatedAt: '2025-07-01T00:00:00Z',
          },
        };
      }
      return undefined;
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order GS-100001' })).toBeTruthy();
    const shipment = screen.getByRole('region', { name: /Sold by Prairie Test Grain/ });
    expect(within(shipment).getByText('31480 Old Lincoln Highway')).toBeTruthy();
    expect(within(shipment).getByText('$2,473.02')).toBeTruthy();
    const totals = screen.getByRole('region', { name: 'Order summary' });
    expect(within(totals).getByText('SPRING5 — Spring 5% off')).toBeTruthy();
    expect(within(totals).getByText('-$198.65')).toBeTruthy();
    expect(within(totals).getByText('$3,774.37')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText('Trade credit')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Write a review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Review Azoxystrobin 2SC' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Choose from 1 to 5 stars.');
    fireEvent.click(within(dialog).getByLabelText('5 Stars'));
    fireEvent.change(within(dialog).getByLabelText('Headline'), { target: { value: 'Great' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Thanks! Your review is saved.')).toBeTruthy();
    expect(saved).not.toBeNull();
  });

  it('reorders and says which lines could not go into the cart', async () => {
    const outcome: AddToCartOutcome = {
      added: [
        { variantId: VARIANT_ID, productName: 'Azoxystrobin 2SC', variantLabel: '2 × 2.5 gal case', quantity: 6 },
      ],
      notAdded: [
        {
          variantId: 'x',
          productName: 'Propiconazole 41.8EC',
          variantLabel: '30 gal drum',
          quantity: 4,
          reason: 'not_sold_in_region',
          message: 'This product is no longer sold in your region.',
        },
      ],
      cart: { id: CART_ID, serial: 4, itemCount: 6 },
    };
    renderApp(`/direct/order-history-details/${ORDER_ID}`, 'farmer');
    serveStore((path) => {
      if (path === `/orders/${ORDER_ID}`)
        return { status: 200, body: detail({ status: 'processing', reviewable: false }) };
      if (path === `/orders/${ORDER_ID}/reorder`) return { status: 200, body: outcome };
      return undefined;
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reorder' }));
    expect(await screen.findByText('1 product added to your cart.')).toBeTruthy();
    expect(screen.getByText(/Propiconazole 41.8EC \(30 gal drum\) — no longer sold in your region/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
    expect(screen.getByText('You can review products once the order is delivered or picked up.')).toBeTruthy();
  });

  it('finds an order by its cart for the e-mail link', async () => {
    renderApp(`/direct/order/66666666-6666-4666-8666-666666666666/${CART_ID}`, 'farmer');
    serveStore((path) => (path === `/orders/by-cart/${CART_ID}` ? { status: 200, body: detail() } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order GS-100001' })).toBeTruthy();
  });

  it('says the order is not there for someone else’s order', async () => {
    renderApp(`/direct/order-history-details/${ORDER_ID}`, 'farmer');
    serveStore((path) =>
      path === `/orders/${ORDER_ID}`
        ? { status: 404, body: { code: 'not_found', message: 'There is no such order.' } }
        : undefined,
    );
    expect(await screen.findByText('There is no such order.')).toBeTruthy();
  });
});

describe('order readiness', () => {
  it('lists what open orders need and marks an action done', async () => {
    let done = false;
    renderApp('/direct/order-readiness', 'farmer');
    serveStore((path) => {
      const actions: ReadinessList = {
        actions: [
          {
            orderId: ORDER_ID,
            orderNumber: 'GS-100018',
            section: 'tax_exemption',
            action: 'upload_tax_exemption_certificate',
            requestedAt: '2026-11-21T16:00:00Z',
            completedAt: done ? '2026-11-22T10:00:00Z' : null,
          },
        ],
      };
      if (path === '/orders/readiness') return { status: 200, body: actions };
      if (path === `/orders/readiness/${ORDER_ID}/tax_exemption/complete`) {
        done = true;
        return { status: 200, body: { ...actions.actions[0], completedAt: '2026-11-22T10:00:00Z' } };
      }
      return undefined;
    });
    expect(await screen.findByText('Upload your farm tax-exemption certificate.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Mark as done: Tax exemption, GS-100018/ }));
    expect(await screen.findByText(/^Done /)).toBeTruthy();
  });
});

describe('previously purchased', () => {
  it('shows the year’s products with the last price and a year picker', async () => {
    const body: PreviouslyPurchased = {
      year: 2025,
      years: [2026, 2025, 2024],
      currency: 'USD',
      products: [
        {
          productId: PRODUCT_ID,
          productSlug: 'hs-map-11-52-0',
          productName: 'MAP 11-52-0',
          brand: 'Harvest Standard',
          seller: { slug: 'house', name: 'Direct Store', kind: 'house' },
          variantId: VARIANT_ID,
          variantLabel: '2,000 lb tote',
          quantity: 14,
          orderCount: 1,
          lastUnitPrice: '795.40',
          lastCurrency: 'USD',
          lastOrderedAt: '2025-10-21T15:20:00Z',
          lastOrderId: ORDER_ID,
          imageUrl: null,
          stillSold: true,
        },
      ],
    };
    const { router } = renderApp('/direct/previously-purchased/2025', 'farmer');
    serveStore((path) =>
      path === '/previously-purchased/2025'
        ? { status: 200, body }
        : path === '/previously-purchased/2024'
          ? { status: 200, body: { ...body, year: 2024, products: [] } }
          : undefined,
    );
    expect(await screen.findByText('MAP 11-52-0')).toBeTruthy();
    expect(screen.getByText('14 bought in 1 order')).toBeTruthy();
    expect(screen.getByText(/Last: \$795.40 \(2,000 lb tote\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buy again: MAP 11-52-0' })).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Year' }));
    fireEvent.click(await screen.findByRole('option', { name: '2024' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/direct/previously-purchased/2024'));
    expect(await screen.findByText('You bought nothing in 2024.')).toBeTruthy();
  });
});

describe('shopping lists', () => {
  const list: ShoppingList = {
    id: LIST_ID,
    name: 'Spring burndown',
    itemCount: 1,
    createdAt: '2026-10-01T00:00:00Z',
    updatedAt: '2026-10-01T00:00:00Z',
    estimatedTotal: '1239.92',
    currency: 'USD',
    items: [
      {
        variantId: VARIANT_ID,
        productId: PRODUCT_ID,
        productSlug: 'hs-glyphosate-41-plus',
        productName: 'Glyphosate 41% Plus',
        variantLabel: '30 gal drum',
        sku: 'HA000001-3',
        quantity: 8,
        note: 'North 640',
        unitPrice: '154.99',
        currency: 'USD',
        inStock: true,
        imageUrl: null,
        addedAt: '2026-10-01T00:00:00Z',
      },
    ],
  };

  it('lists the lists and creates one, refusing an empty name', async () => {
    const lists: ShoppingLists = {
      lists: [
        {
          id: LIST_ID,
          name: 'Spring burndown',
          itemCount: 3,
          createdAt: '2026-10-01T00:00:00Z',
          updatedAt: '2026-10-01T00:00:00Z',
        },
      ],
    };
    const created = {
      ...list,
      id: '77777777-7777-4777-8777-777777777777',
      name: 'Fall fertilizer',
      items: [],
      itemCount: 0,
      estimatedTotal: '0.00',
    };
    const { router } = renderApp('/direct/shopping-lists', 'farmer');
    serveStore((path) => {
      if (path === '/shopping-lists') return { status: lists.lists.length > 1 ? 200 : 200, body: lists };
      if (path === `/shopping-lists/${created.id}`) return { status: 200, body: created };
      return undefined;
    });
    expect(await screen.findByRole('link', { name: 'Open Spring burndown' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New list' }));
    const dialog = await screen.findByRole('dialog', { name: 'New list' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Give the list a name.')).toBeTruthy();
    vi.mocked(fetch).mockImplementationOnce(() =>
      Promise.resolve(
        new Response(JSON.stringify(created), { status: 201, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    fireEvent.change(within(dialog).getByLabelText('List name'), { target: { value: 'Fall fertilizer' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/direct/shopping-lists/${created.id}`));
  });

  it('edits a quantity and adds the list to the cart', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    renderApp(`/direct/shopping-lists/${LIST_ID}`, 'farmer');
    serveStore((path) => (path === `/shopping-lists/${LIST_ID}` ? { status: 200, body: list } : undefined));
    const base = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((input, init) => {
      const url = new URL(
        typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
        'http://localhost',
      );
      const method = init?.method ?? 'GET';
      if (method !== 'GET')
        sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : null });
      if (method === 'PUT')
        return Promise.resolve(
          new Response(JSON.stringify({ ...list, items: [{ ...list.items[0], quantity: 10 }] }), { status: 200 }),
        );
      if (url.pathname.endsWith('/add-to-cart')) {
        const outcome: AddToCartOutcome = {
          added: [
            { variantId: VARIANT_ID, productName: 'Glyphosate 41% Plus', variantLabel: '30 gal drum', quantity: 10 },
          ],
          notAdded: [],
          cart: { id: CART_ID, serial: 3, itemCount: 10 },
        };
        return Promise.resolve(new Response(JSON.stringify(outcome), { status: 200 }));
      }
      return base(input, init);
    });
    const qty = await screen.findByLabelText('Quantity of Glyphosate 41% Plus');
    expect(screen.getAllByText('$1,239.92').length).toBeGreaterThan(0);
    fireEvent.change(qty, { target: { value: '10' } });
    fireEvent.blur(qty);
    await waitFor(() =>
      expect(sent.find((s) => s.method === 'PUT')).toMatchObject({
        path: `/api/store/shopping-lists/${LIST_ID}/items/${VARIANT_ID}`,
        body: { quantity: 10 },
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Add list to cart' }));
    expect(await screen.findByText('1 product added to your cart.')).toBeTruthy();
  });
});
