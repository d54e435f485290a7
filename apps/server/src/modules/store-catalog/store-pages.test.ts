import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AcrePlanDetail,
  AcrePlanList,
  BrandPackDetail,
  BrandPackList,
  FeedProductList,
  StoreWarehouseList,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

describe('warehouse locations', () => {
  it('lists the pickup locations of the visitor’s country with their addresses', async () => {
    const us = await get<StoreWarehouseList>('/api/store/pages/warehouses?locale=en-us');
    expect(us.status).toBe(200);
    expect(us.body.warehouses.map((w) => w.code).sort()).toEqual(['AMS', 'DEC', 'FSD']);
    expect(us.body.warehouses.find((w) => w.code === 'AMS')).toMatchObject({
      city: 'Ames',
      region: 'IA',
      addressLine1: '2100 Southeast 5th Street',
      postalCode: '50010',
    });
    const ca = await get<StoreWarehouseList>('/api/store/pages/warehouses?locale=en-ca');
    expect(ca.body.warehouses.map((w) => w.code)).toEqual(['SKS']);
  });

  it('is not there where the store is off', async () => {
    const au = await get<{ code: string; message: string }>('/api/store/pages/warehouses?locale=en-au');
    expect(au.status).toBe(404);
    expect(au.body.message).toContain('region');
  });

  it('refuses an unknown locale with a 400 and a code', async () => {
    const bad = await get<{ code: string }>('/api/store/pages/warehouses?locale=fr-fr');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid_request');
  });
});

describe('feed products', () => {
  it('prices the feed category per short ton in the US and per tonne in Canada', async () => {
    const us = await get<FeedProductList>('/api/store/pages/feed-products?locale=en-us');
    expect(us.status).toBe(200);
    expect(us.body.unit).toBe('lb');
    expect(us.body.currency).toBe('USD');
    const grower = us.body.products.find((p) => p.slug === 'hs-beef-grower-14-pellet');
    expect(grower).toBeDefined();
    const bag = grower!.packs.find((p) => p.label === '50 lb bag')!;
    // Price ÷ 50 lb × 2,000 lb, to the cent.
    expect(bag.costPerTon).toBe(((Number(bag.amount) / 50) * 2000).toFixed(2));
    expect(us.body.products.every((p) => p.categoryPath.startsWith('feed'))).toBe(true);
    const ca = await get<FeedProductList>('/api/store/pages/feed-products?locale=en-ca');
    expect(ca.body).toMatchObject({ unit: 'kg', currency: 'CAD' });
  });
});

describe('acre plans', () => {
  it('are a Canadian program: off in the US', async () => {
    const us = await get<{ code: string; message: string }>('/api/store/pages/acre-plans?locale=en-us');
    expect(us.status).toBe(404);
    expect(us.body.message).toContain('not available in your region');
    expect((await get('/api/store/pages/acre-plans/corn-pre-post-fungicide?locale=en-us')).status).toBe(404);
  });

  it('lists the plans with their cost per acre in Canadian dollars', async () => {
    const { status, body } = await get<AcrePlanList>('/api/store/pages/acre-plans?locale=en-ca');
    expect(status).toBe(200);
    expect(body.plans.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['corn-pre-post-fungicide', 'canola-seed-to-swath']),
    );
    for (const plan of body.plans) {
      expect(plan.currency).toBe('CAD');
      expect(Number(plan.costPerAcre)).toBeGreaterThan(0);
    }
  });

  it('works out quantities, packs and the total for N acres from the real prices', async () => {
    const { status, body } = await get<AcrePlanDetail>(
      '/api/store/pages/acre-plans/corn-pre-post-fungicide?locale=en-ca&acres=160',
    );
    expect(status).toBe(200);
    expect(body.acres).toBe('160');
    const atrazine = body.lines.find((l) => l.product.slug === 'hs-atrazine-4l')!;
    expect(atrazine).toMatchObject({ ratePerAcre: '0.25', unit: 'gal', quantity: '40' });
    expect(Number(atrazine.bought)).toBeGreaterThanOrEqual(40);
    // The packs' line totals add up to the line's cost, and the lines to the plan's total (exact cents).
    for (const line of body.lines) {
      const cents = line.packs.reduce((sum, p) => sum + Math.round(Number(p.lineTotal) * 100), 0);
      expect(cents).toBe(Math.round(Number(line.cost) * 100));
    }
    const totalCents = body.lines.reduce((sum, l) => sum + Math.round(Number(l.cost) * 100), 0);
    expect(Math.round(Number(body.total) * 100)).toBe(totalCents);
    expect(Number(body.totalPerAcre)).toBeGreaterThanOrEqual(Number(body.costPerAcre));
    // Twice the acres never costs less.
    const more = await get<AcrePlanDetail>(
      '/api/store/pages/acre-plans/corn-pre-post-fungicide?locale=en-ca&acres=320',
    );
    expect(Number(more.body.total)).toBeGreaterThanOrEqual(Number(body.total));
  });

  it('refuses bad acres with a 400 and says why', async () => {
    for (const acres of ['0', '-3', 'lots', '100001']) {
      const bad = await get<{ code: string; message: string; details?: unknown }>(
        `/api/store/pages/acre-plans/corn-pre-post-fungicide?locale=en-ca&acres=${acres}`,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('invalid_request');
      expect(bad.body.message).toMatch(/acres/i);
    }
  });

  it('answers 404 for a plan that does not exist', async () => {
    const res = await get<{ code: string }>('/api/store/pages/acre-plans/moon-cheese?locale=en-ca');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('house-brand packs', () => {
  it('groups the house store’s products into packs priced from the region’s prices', async () => {
    const { status, body } = await get<BrandPackList>('/api/store/pages/brand-packs?locale=en-us');
    expect(status).toBe(200);
    expect(body.seller.slug).toBe('house');
    const herbicides = body.packs.find((p) => p.slug === 'crop-protection-herbicides');
    expect(herbicides).toMatchObject({ name: 'Herbicides', currency: 'USD' });
    expect(herbicides!.productCount).toBeGreaterThan(3);
    // Canadian-only co-packs are not a US pack.
    expect(body.packs.some((p) => p.slug === 'crop-protection-co-packs')).toBe(false);
  });

  it('shows one pack with its products and adds their prices exactly', async () => {
    const { status, body } = await get<BrandPackDetail>(
      '/api/store/pages/brand-packs/crop-protection-herbicides?locale=en-ca',
    );
    expect(status).toBe(200);
    expect(body.currency).toBe('CAD');
    expect(body.items.length).toBe(body.productCount);
    const cents = body.items.reduce((sum, i) => sum + Math.round(Number(i.amount) * 100), 0);
    expect(Math.round(Number(body.packPrice) * 100)).toBe(cents);
    expect(body.items.every((i) => i.product.slug.startsWith('hs-'))).toBe(true);
  });

  it('answers 404 for an unknown pack and 400 for a malformed slug', async () => {
    expect((await get('/api/store/pages/brand-packs/tractors?locale=en-us')).status).toBe(404);
    expect((await get('/api/store/pages/brand-packs/not%20a%20slug?locale=en-us')).status).toBe(400);
  });
});
