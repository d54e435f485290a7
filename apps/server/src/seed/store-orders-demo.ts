// The store's demo history after checkout (issue 6): two years of orders for the demo farmer
// (farmer@demo.granary.test) — pre-plant herbicide and seed in spring, fungicide in summer, fertilizer in fall —
// from the house store and marketplace sellers, picked up and delivered, in every status; a few reviews, readiness
// actions on open orders, two shopping lists; item restrictions on some products; the promotions (the 9.5 offer
// as data, a current and an expired code). The farmer gets NO applicator licence: the RUP refusal must show.
// Idempotent (does nothing once the first demo order exists) and quick (a few dozen inserts).

import { sql } from 'drizzle-orm';
import { CrmDecimal } from '@granary/domain';
import { rowsOf, type Db } from '../platform/db.ts';
import {
  storeCarts,
  storeItemRestrictions,
  storeOrderFulfillments,
  storeOrderItems,
  storeOrderReadiness,
  storeOrderReviews,
  storeOrders,
  storePromotions,
  storeShoppingListItems,
  storeShoppingLists,
} from '../db/schema/index.ts';

/** The demo farmer (FARMER_EMAIL of demo.ts, which imports this file). */
const FARMER_EMAIL = 'farmer@demo.granary.test';

/** Demo order numbers: far below the checkout's own sequence. */
const DEMO_ORDER_NUMBER_BASE = 100_000;
const demoOrderNumber = (n: number) => `GS-${DEMO_ORDER_NUMBER_BASE + n}`;

type Status = 'placed' | 'processing' | 'ready_for_pickup' | 'shipped' | 'delivered' | 'picked_up' | 'canceled';
type PaymentStatus = 'pending' | 'authorized' | 'paid' | 'failed' | 'financing_requested';
/** [product name, variant position, quantity] */
type PlanLine = [string, number, number];
type PlanOrder = {
  /** 'MM-DD' of a year (offset from the current one), or days before today for open orders. */
  when: { yearOffset: number; monthDay: string } | { daysAgo: number };
  status: Status;
  method: 'delivery' | 'pickup';
  lines: PlanLine[];
  terms: string;
  paymentStatus: PaymentStatus;
  promo?: 'SPRING5';
  readiness?: [section: string, action: string][];
  reviews?: [product: string, rating: number, title: string, body: string][];
  instructions?: string;
};

/** Prices moved with the years: older orders were cheaper than today's catalogue. */
const YEAR_FACTOR: Record<number, string> = { 0: '1', [-1]: '0.97', [-2]: '0.94' };

const PLAN: PlanOrder[] = [
  // Two falls ago: fall-applied phosphorus and potash, prepaid.
  {
    when: { yearOffset: -2, monthDay: '11-26' },
    status: 'delivered',
    method: 'delivery',
    terms: 'prepay_program',
    paymentStatus: 'paid',
    lines: [
      ['MAP 11-52-0', 1, 12],
      ['Potash 0-0-60', 1, 10],
    ],
  },
  {
    when: { yearOffset: -2, monthDay: '12-09' },
    status: 'picked_up',
    method: 'pickup',
    terms: 'check',
    paymentStatus: 'paid',
    lines: [
      ['Range Mineral 12-12', 0, 20],
      ['Calf Electrolyte Powder', 1, 4],
    ],
  },
  // Last year: spring burndown and pre-emergence, seed, spray parts; summer fungicide and herd health; fall fertilizer.
  {
    when: { yearOffset: -1, monthDay: '03-04' },
    status: 'delivered',
    method: 'delivery',
    terms: '28_eom',
    paymentStatus: 'paid',
    lines: [
      ['Glyphosate 41% Plus', 2, 6],
      ['S-Metolachlor 7.62EC', 2, 4],
      ['AMS Water Conditioner', 1, 3],
    ],
    reviews: [
      [
        'Glyphosate 41% Plus',
        5,
        'Clean burndown',
        'Marestail and lambsquarters gone in ten days at 32 oz with AMS. Same as the name brand.',
      ],
    ],
    instructions: 'Leave at the machine shed, north of the bins.',
  },
  {
    when: { yearOffset: -1, monthDay: '03-18' },
    status: 'picked_up',
    method: 'pickup',
    terms: 'request_financing',
    paymentStatus: 'paid',
    lines: [
      ['HS 108-day Hybrid Corn', 0, 120],
      ['HS 1.9 Soybean', 0, 160],
    ],
    reviews: [
      [
        'HS 108-day Hybrid Corn',
        4,
        'Good stand, dried down early',
        '212 bu/ac on the river bottom; stalks held up through the October wind.',
      ],
    ],
  },
  {
    when: { yearOffset: -1, monthDay: '04-09' },
    status: 'delivered',
    method: 'delivery',
    terms: 'offline_credit_card',
    paymentStatus: 'paid',
    lines: [
      ['Flat-Fan Spray Tips 110°', 0, 24],
      ['Chemical-Resistant Nitrile Gloves', 1, 2],
    ],
  },
  {
    when: { yearOffset: -1, monthDay: '05-02' },
    status: 'canceled',
    method: 'delivery',
    terms: '28_eom',
    paymentStatus: 'pending',
    lines: [
      ['Mesotrione 4SC', 1, 2],
      ['MSO Ultra', 0, 2],
    ],
  },
  {
    when: { yearOffset: -1, monthDay: '06-24' },
    status: 'delivered',
    method: 'delivery',
    terms: 'trade_credit',
    paymentStatus: 'paid',
    lines: [
      ['Azoxystrobin 2SC', 1, 6],
      ['Propiconazole 41.8EC', 1, 4],
    ],
    reviews: [
      [
        'Azoxystrobin 2SC',
        5,
        'Held off gray leaf spot',
        'Sprayed at VT with propiconazole; the treated strips stayed green two weeks longer.',
      ],
    ],
  },
  {
    when: { yearOffset: -1, monthDay: '07-15' },
    status: 'delivered',
    method: 'delivery',
    terms: 'offline_credit_card',
    paymentStatus: 'paid',
    lines: [
      ['Fenbendazole Suspension 10%', 1, 2],
      ['7-Way Clostridial Vaccine', 2, 3],
    ],
  },
  {
    when: { yearOffset: -1, monthDay: '08-26' },
    status: 'delivered',
    method: 'delivery',
    terms: 'check',
    paymentStatus: 'paid',
    lines: [['Cereal Rye Cover Crop', 1, 3]],
  },
  {
    when: { yearOffset: -1, monthDay: '10-21' },
    status: 'delivered',
    method: 'delivery',
    terms: 'trade_credit',
    paymentStatus: 'paid',
    lines: [
      ['MAP 11-52-0', 1, 14],
      ['AMS 21-0-0-24S', 1, 6],
    ],
    reviews: [
      [
        'MAP 11-52-0',
        4,
        'Flowed well through the spreader',
        'Totes arrived dry. One was a day late, otherwise no complaints.',
      ],
    ],
  },
  {
    when: { yearOffset: -1, monthDay: '11-12' },
    status: 'picked_up',
    method: 'pickup',
    terms: 'check',
    paymentStatus: 'paid',
    lines: [
      ['Range Mineral 12-12', 0, 20],
      ['Heavy-Duty Steel T-Posts', 1, 4],
    ],
  },
  // This year.
  {
    when: { yearOffset: 0, monthDay: '03-10' },
    status: 'delivered',
    method: 'delivery',
    terms: '28_eom',
    paymentStatus: 'paid',
    promo: 'SPRING5',
    lines: [
      ['Glyphosate 41% Plus', 2, 8],
      ['S-Metolachlor 7.62EC', 2, 4],
      ['Drift Control NIS', 0, 4],
    ],
  },
  {
    when: { yearOffset: 0, monthDay: '03-30' },
    status: 'picked_up',
    method: 'pickup',
    terms: 'request_financing',
    paymentStatus: 'paid',
    lines: [
      ['HS 112-day Hybrid Corn', 0, 110],
      ['Soybean Liquid Inoculant', 0, 4],
    ],
  },
  {
    when: { yearOffset: 0, monthDay: '06-30' },
    status: 'delivered',
    method: 'delivery',
    terms: 'trade_credit',
    paymentStatus: 'paid',
    lines: [
      ['Azoxystrobin 2SC', 1, 8],
      ['Chlorothalonil 720', 2, 2],
    ],
  },
  // Open orders: recent, whatever the season.
  {
    when: { daysAgo: 21 },
    status: 'shipped',
    method: 'delivery',
    terms: 'trade_credit',
    paymentStatus: 'authorized',
    lines: [['Potash 0-0-60', 1, 12]],
  },
  {
    when: { daysAgo: 9 },
    status: 'processing',
    method: 'delivery',
    terms: 'offline_credit_card',
    paymentStatus: 'authorized',
    lines: [
      ['Ivermectin Pour-On', 2, 2],
      ['Fly Control Ear Tags', 1, 2],
      ['Heavy-Duty Steel T-Posts', 1, 2],
    ],
    readiness: [['delivery_contact', 'confirm_delivery_contact']],
  },
  {
    when: { daysAgo: 4 },
    status: 'ready_for_pickup',
    method: 'pickup',
    terms: 'request_financing',
    paymentStatus: 'financing_requested',
    lines: [
      ['HS 108-day Hybrid Corn', 0, 100],
      ['HS 1.9 Soybean', 0, 150],
    ],
    readiness: [['pickup', 'schedule_pickup']],
  },
  {
    when: { daysAgo: 1 },
    status: 'placed',
    method: 'delivery',
    terms: 'check',
    paymentStatus: 'pending',
    lines: [
      ['UAN 32% Liquid Nitrogen', 2, 6],
      ['Zinc 9% EDTA Chelate', 0, 4],
    ],
    readiness: [
      ['tax_exemption', 'upload_tax_exemption_certificate'],
      ['payment', 'mail_check'],
    ],
  },
];

/** Item restrictions (8.3): some chemicals limited per order, bulk fertilizer by the ten, not sold into some states. */
const RESTRICTIONS: {
  product: string;
  kind: 'QUANTITY_LIMIT' | 'MINIMUM_QUANTITY' | 'JURISDICTIONS_RESTRICTION';
  max?: number;
  min?: number;
  jurisdictions?: string[];
}[] = [
  { product: 'Paraquat 3SL', kind: 'QUANTITY_LIMIT', max: 4 },
  { product: 'Atrazine 4L', kind: 'QUANTITY_LIMIT', max: 10 },
  { product: 'Dicamba DGA', kind: 'QUANTITY_LIMIT', max: 8 },
  { product: 'MAP 11-52-0', kind: 'MINIMUM_QUANTITY', min: 10 },
  { product: 'Potash 0-0-60', kind: 'MINIMUM_QUANTITY', min: 10 },
  { product: 'AMS 21-0-0-24S', kind: 'MINIMUM_QUANTITY', min: 5 },
  { product: 'Paraquat 3SL', kind: 'JURISDICTIONS_RESTRICTION', jurisdictions: ['CA'] },
  { product: 'Atrazine 90DF', kind: 'JURISDICTIONS_RESTRICTION', jurisdictions: ['CA', 'NY'] },
  { product: 'Dicamba DGA', kind: 'JURISDICTIONS_RESTRICTION', jurisdictions: ['CA'] },
];

const SHOPPING_LISTS: { name: string; items: [string, number, number, string][] }[] = [
  {
    name: 'Spring burndown',
    items: [
      ['Glyphosate 41% Plus', 2, 8, 'North 640: 32 oz/ac'],
      ['S-Metolachlor 7.62EC', 2, 4, ''],
      ['AMS Water Conditioner', 1, 3, 'Hard well water at the home place'],
    ],
  },
  {
    name: 'Cow-calf herd health',
    items: [
      ['Ivermectin Pour-On', 2, 2, 'Fall processing'],
      ['7-Way Clostridial Vaccine', 2, 2, ''],
      ['Range Mineral 12-12', 0, 20, ''],
    ],
  },
];

const FARM_ADDRESS = {
  name: 'Fieldman Family Farms',
  line1: '31480 Old Lincoln Highway',
  line2: '',
  city: 'Nevada',
  region: 'IA',
  postalCode: '50201',
  country: 'USA',
};
const FARM_CONTACT = {
  firstName: 'Sam',
  lastName: 'Fieldman',
  email: FARMER_EMAIL,
  phoneNumber: '+1 (515) 555-0120',
  region: 'IA',
};
/** Iowa sales tax on what is not a farm input (supplies, fencing); seed, chemicals, fertilizer and feed are exempt. */
const TAXED_CATEGORIES = ['supplies', 'farm-and-ranch', 'livestock'];
const IOWA_TAX = '0.07';
const CARD_SURCHARGE = '0.025';
const DELIVERY_FREE_FROM = '2500';
const DELIVERY_FEE = '65.00';
const MARKETPLACE_SHIPPING = '24.95';

type VariantRow = {
  product_id: number;
  product_name: string;
  category_path: string;
  seller_id: number;
  seller_kind: 'house' | 'marketplace';
  variant_id: number;
  position: number;
  label: string;
  sku: string;
  amount: string;
};

function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** Seeds the demo farmer's store history once. Needs the catalogue (seedStoreDemo) and the demo accounts. */
export async function seedStoreOrdersDemo(db: Db, options: { today?: string } = {}): Promise<number> {
  const done = rowsOf(
    await db.execute(
      sql`select 1 from store_orders where order_number between ${demoOrderNumber(1)} and ${demoOrderNumber(PLAN.length)} limit 1`,
    ),
  );
  if (done.length > 0) return 0;
  const farmer = rowsOf<{ id: string; enterprise_id: number | null }>(
    await db.execute(sql`select u.id, (select eu.enterprise_id from enterprise_users eu where eu.user_id = u.id order by eu.enterprise_id limit 1) as enterprise_id
      from users u where u.email = ${FARMER_EMAIL}`),
  )[0];
  if (!farmer) return 0;
  const today = options.today ?? isoDay(new Date());
  const year = Number(today.slice(0, 4));
  const todayMs = Date.parse(`${today}T00:00:00Z`);

  const names = [
    ...new Set([
      ...PLAN.flatMap((o) => o.lines.map((l) => l[0])),
      ...RESTRICTIONS.map((r) => r.product),
      ...SHOPPING_LISTS.flatMap((l) => l.items.map((i) => i[0])),
    ]),
  ];
  const nameList = sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  );
  // The first product of each name (the template's first maker) with its variants and US prices.
  const rows = rowsOf<VariantRow>(
    await db.execute(sql`
      select p.id as product_id, p.name as product_name, p.category_path, p.seller_id, s.kind as seller_kind,
             v.id as variant_id, v.position, v.label, v.sku, vp.amount::text as amount
      from store_products p
      join store_sellers s on s.id = p.seller_id
      join store_variants v on v.product_id = p.id
      join store_variant_prices vp on vp.variant_id = v.id and vp.country = 'USA'
      where p.name in (${nameList})
        and p.id = (select min(p2.id) from store_products p2 where p2.name = p.name)
      order by p.id, v.position`),
  );
  if (rows.length === 0) return 0;
  const variantsOf = new Map<string, VariantRow[]>();
  for (const r of rows) variantsOf.set(r.product_name, [...(variantsOf.get(r.product_name) ?? []), r]);
  const variant = (name: string, position: number): VariantRow | null => {
    const list = variantsOf.get(name);
    if (!list?.length) return null;
    return list.find((v) => v.position === position) ?? list.at(-1)!;
  };
  const warehouses = rowsOf<{ id: number; code: string }>(
    await db.execute(sql`select id, code from store_warehouses where country = 'USA' order by id`),
  );
  const sellers = rowsOf<{ id: number; slug: string }>(await db.execute(sql`select id, slug from store_sellers`));
  const warehouseCode = (sellerId: number) => {
    const slug = sellers.find((s) => s.id === sellerId)?.slug ?? 'house';
    return { house: 'AMS', 'prairie-ag-supply': 'FSD', 'hoof-and-horn': 'DEC', 'greenline-seed': 'FSD' }[slug] ?? 'AMS';
  };
  const warehouseId = (sellerId: number) =>
    warehouses.find((w) => w.code === warehouseCode(sellerId))?.id ?? warehouses[0]!.id;

  // Item restrictions on every product of the name (all makers' versions).
  for (const r of RESTRICTIONS) {
    const products = rowsOf<{ id: number }>(
      await db.execute(sql`select id from store_products where name = ${r.product}`),
    );
    if (products.length === 0) continue;
    await db.insert(storeItemRestrictions).values(
      products.map((p) => ({
        productId: p.id,
        kind: r.kind,
        maxQuantity: r.max ?? null,
        minQuantity: r.min ?? null,
        jurisdictions: r.jurisdictions ?? [],
      })),
    );
  }

  // Promotions: the 9.5 offer (applied by itself), a current code and an expired one.
  await db
    .insert(storePromotions)
    .values([
      {
        code: null,
        name: '$250 off your first store purchase',
        kind: 'amount_off',
        value: '250.00',
        currency: 'USD',
        country: 'USA',
        minSubtotal: '10000.00',
        firstPurchaseOnly: true,
        qualifiers: ['house_brand', 'adjuvant', 'nutrition'],
        startsAt: null,
        endsAt: new Date('2024-09-30T23:59:59-05:00'),
        active: true,
      },
      {
        code: 'SPRING5',
        name: 'Spring 5% off',
        kind: 'percent_off',
        value: '5.00',
        currency: 'USD',
        country: 'USA',
        minSubtotal: '500.00',
        startsAt: new Date(`${year - 1}-01-01T00:00:00Z`),
        endsAt: new Date(`${year + 1}-06-30T23:59:59Z`),
      },
      {
        code: 'HARVEST10',
        name: 'Harvest 10% off',
        kind: 'percent_off',
        value: '10.00',
        currency: 'USD',
        country: 'USA',
        minSubtotal: '1000.00',
        startsAt: new Date(`${year - 2}-09-01T00:00:00Z`),
        endsAt: new Date(`${year - 2}-11-30T23:59:59Z`),
      },
    ])
    .onConflictDoNothing();

  let n = 0;
  const oldest = todayMs - 730 * 86_400_000;
  // An order's number is its place in the plan, whether or not the orders before it fall in the window today: the
  // window moves with the calendar (an order of 26 November two years ago left it on the 27th), numbers must not.
  for (const [index, plan] of PLAN.entries()) {
    const placed =
      'daysAgo' in plan.when
        ? new Date(todayMs - plan.when.daysAgo * 86_400_000 + 15 * 3_600_000)
        : new Date(`${year + plan.when.yearOffset}-${plan.when.monthDay}T15:20:00Z`);
    // Only what falls in the last two years and not in the last weeks (open orders are those).
    if ('yearOffset' in plan.when && (placed.getTime() <= oldest || placed.getTime() >= todayMs - 25 * 86_400_000))
      continue;
    const factor = YEAR_FACTOR['yearOffset' in plan.when ? plan.when.yearOffset : 0] ?? '1';
    const lines = plan.lines
      .map(([name, position, quantity]) => ({ v: variant(name, position), quantity }))
      .filter((l): l is { v: VariantRow; quantity: number } => l.v !== null)
      .map(({ v, quantity }) => {
        const unitPrice = new CrmDecimal(v.amount).mul(factor).toDecimalPlaces(2);
        return { v, quantity, unitPrice, lineTotal: unitPrice.mul(quantity) };
      });
    if (lines.length === 0) continue;
    n += 1;

    // Partitions per seller and warehouse.
    const partitions = new Map<
      string,
      { sellerId: number; warehouseId: number; lines: typeof lines; shipping: CrmDecimal }
    >();
    for (const l of lines) {
      const wid = warehouseId(l.v.seller_id);
      const key = `seller-${l.v.seller_id}.warehouse-${wid}`;
      const p = partitions.get(key) ?? {
        sellerId: l.v.seller_id,
        warehouseId: wid,
        lines: [],
        shipping: new CrmDecimal(0),
      };
      p.lines.push(l);
      partitions.set(key, p);
    }
    for (const p of partitions.values()) {
      if (plan.method === 'pickup') continue;
      const sub = p.lines.reduce((s, l) => s.add(l.lineTotal), new CrmDecimal(0));
      const marketplace = p.lines[0]!.v.seller_kind === 'marketplace';
      p.shipping = marketplace
        ? new CrmDecimal(MARKETPLACE_SHIPPING)
        : sub.gte(DELIVERY_FREE_FROM)
          ? new CrmDecimal(0)
          : new CrmDecimal(DELIVERY_FEE);
    }
    const goods = lines.reduce((s, l) => s.add(l.lineTotal), new CrmDecimal(0));
    const discount =
      plan.promo === 'SPRING5' && goods.gte(500) ? goods.mul('0.05').toDecimalPlaces(2) : new CrmDecimal(0);
    const shipping = [...partitions.values()].reduce((s, p) => s.add(p.shipping), new CrmDecimal(0));
    const taxable = lines.filter((l) =>
      TAXED_CATEGORIES.some((c) => l.v.category_path === c || l.v.category_path.startsWith(`${c}/`)),
    );
    const tax = taxable
      .reduce((s, l) => s.add(l.lineTotal), new CrmDecimal(0))
      .mul(IOWA_TAX)
      .toDecimalPlaces(2);
    const beforeFee = goods.sub(discount).add(shipping).add(tax);
    const fee =
      plan.terms === 'offline_credit_card' ? beforeFee.mul(CARD_SURCHARGE).toDecimalPlaces(2) : new CrmDecimal(0);
    const total = beforeFee.add(fee);

    const [cart] = await db
      .insert(storeCarts)
      .values({
        status: 'checked_out',
        kind: 'cart',
        userId: farmer.id,
        enterpriseId: farmer.enterprise_id,
        country: 'USA',
        currency: 'USD',
        serial: 3 + lines.length * 2,
        promoCode: plan.promo ?? null,
        paymentTerms: plan.terms,
        paymentMethod: plan.terms === 'offline_credit_card' ? 'visa' : null,
        pricedAt: placed,
        createdAt: new Date(placed.getTime() - 40 * 60_000),
        updatedAt: placed,
        lastAccessed: placed,
      })
      .returning({ id: storeCarts.id });
    const [order] = await db
      .insert(storeOrders)
      .values({
        orderNumber: demoOrderNumber(index + 1),
        cartId: cart!.id,
        kind: 'cart',
        userId: farmer.id,
        enterpriseId: farmer.enterprise_id,
        status: plan.status,
        country: 'USA',
        currency: 'USD',
        goodsSubtotal: goods.toFixed(2),
        discountTotal: discount.toFixed(2),
        shippingTotal: shipping.toFixed(2),
        shippingDiscountTotal: '0.00',
        taxTotal: tax.toFixed(2),
        paymentFeeTotal: fee.toFixed(2),
        total: total.toFixed(2),
        paymentTerms: plan.terms,
        paymentMethod: plan.terms === 'offline_credit_card' ? 'visa' : null,
        paymentStatus: plan.paymentStatus,
        paymentReference: plan.terms === 'offline_credit_card' ? `AUTH-${(831_200 + n * 37).toString()}` : null,
        promoCode: plan.promo ?? null,
        discounts: discount.gt(0) ? [{ name: 'SPRING5 — Spring 5% off', amount: discount.toFixed(2) }] : [],
        billingAddress: FARM_ADDRESS,
        rupLicence: null,
        placedAt: placed,
        updatedAt: placed,
      })
      .returning({ id: storeOrders.id });
    const orderId = order!.id;
    const fulfilmentStatus = plan.status;
    const placedDay = isoDay(placed);
    const weekLater = isoDay(new Date(placed.getTime() + 7 * 86_400_000));
    await db.insert(storeOrderFulfillments).values(
      [...partitions.entries()].map(([key, p]) => ({
        orderId,
        partitionKey: key,
        sellerId: p.sellerId,
        warehouseId: p.warehouseId,
        shippingMethod: plan.method,
        address: plan.method === 'delivery' ? FARM_ADDRESS : null,
        contact: FARM_CONTACT,
        fulfillmentPromise: plan.method === 'delivery' ? 'immediate_promise' : 'N/A',
        deliveryNotBefore: plan.method === 'delivery' ? placedDay : null,
        deliveryNotAfter: plan.method === 'delivery' ? weekLater : null,
        applicationTiming: p.lines.some((l) => l.v.category_path.startsWith('crop-protection')) ? 'pre_plant' : null,
        specialInstructions: plan.instructions ?? '',
        shippingTotal: p.shipping.toFixed(2),
        status: fulfilmentStatus,
      })),
    );
    await db.insert(storeOrderItems).values(
      [...partitions.entries()].flatMap(([key, p]) =>
        p.lines.map((l) => ({
          orderId,
          partitionKey: key,
          productId: l.v.product_id,
          variantId: l.v.variant_id,
          sellerId: p.sellerId,
          warehouseId: p.warehouseId,
          productName: l.v.product_name,
          variantLabel: l.v.label,
          sku: l.v.sku,
          quantity: l.quantity,
          unitPrice: l.unitPrice.toFixed(2),
          lineTotal: l.lineTotal.toFixed(2),
        })),
      ),
    );
    if (plan.readiness?.length) {
      await db.insert(storeOrderReadiness).values(
        plan.readiness.map(([section, action]) => ({
          orderId,
          section,
          action,
          requestedAt: new Date(placed.getTime() + 3_600_000),
        })),
      );
    }
    for (const [name, rating, title, body] of plan.reviews ?? []) {
      const v = variant(name, 0);
      if (!v) continue;
      const at = new Date(placed.getTime() + 21 * 86_400_000);
      await db.insert(storeOrderReviews).values({
        orderId,
        productId: v.product_id,
        userId: farmer.id,
        rating,
        title,
        body,
        createdAt: at,
        updatedAt: at,
      });
    }
  }

  for (const [i, list] of SHOPPING_LISTS.entries()) {
    const at = new Date(todayMs - (30 + i * 12) * 86_400_000);
    const [row] = await db
      .insert(storeShoppingLists)
      .values({ userId: farmer.id, enterpriseId: farmer.enterprise_id, name: list.name, createdAt: at, updatedAt: at })
      .returning({ id: storeShoppingLists.id });
    const items = list.items
      .map(([name, position, quantity, note]) => ({ v: variant(name, position), quantity, note }))
      .filter((x): x is { v: VariantRow; quantity: number; note: string } => x.v !== null);
    const unique = [...new Map(items.map((x) => [x.v.variant_id, x])).values()];
    if (unique.length)
      await db.insert(storeShoppingListItems).values(
        unique.map((x) => ({
          listId: row!.id,
          variantId: x.v.variant_id,
          quantity: x.quantity,
          note: x.note,
          addedAt: at,
        })),
      );
  }
  return n;
}
