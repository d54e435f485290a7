import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  StoreHome,
  StoreListing,
  StoreMarketplace,
  StoreProductDetail,
  StoreRegionResponse,
} from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get<T>(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T; headers: Record<string, unknown>; raw: Buffer }> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return {
    status: res.statusCode,
    body: (isJson ? res.json() : undefined) as T,
    headers: res.headers,
    raw: res.rawPayload,
  };
}

describe('store home and region', () => {
  it('shows featured categories, deals and the sellers to a guest, in US dollars', async () => {
    const { status, body } = await get<StoreHome>('/api/store/home?locale=en-us');
    expect(status).toBe(200);
    expect(body.region).toMatchObject({ region: 'US', currency: 'USD' });
    expect(body.categories.map((c) => c.path)).toEqual(
      expect.arrayContaining(['crop-protection', 'seed', 'animal-health']),
    );
    expect(body.deals.length).toBeGreaterThan(0);
    expect(body.deals.every((p) => p.isDeal && p.price?.currency === 'USD')).toBe(true);
    expect(body.sellers.filter((s) => s.kind === 'marketplace')).toHaveLength(3);
    expect(body.sellers.filter((s) => s.kind === 'house')).toHaveLength(1);
  });

  it('prices in Canadian dollars for en-ca, and takes the enterprise country without a locale', async () => {
    const ca = await get<StoreHome>('/api/store/home?locale=en-ca');
    expect(ca.body.region).toMatchObject({ region: 'CA', currency: 'CAD' });
    expect(ca.body.deals.every((p) => p.price?.currency === 'CAD')).toBe(true);
    // The demo farmer's farm is in the US.
    const cookie = await t.sessionCookie(DEMO_ACCOUNTS.farmer);
    const farmer = await get<StoreRegionResponse>('/api/store/region', { cookie });
    expect(farmer.body).toMatchObject({ region: 'US', currency: 'USD', locale: 'en-us' });
    expect(farmer.headers['cache-control']).toBe('private, no-cache');
  });

  it('turns the store off in Australia and everything off in Quebec', async () => {
    expect((await get('/api/store/home?locale=en-au')).status).toBe(404);
    const au = await get<StoreRegionResponse>('/api/store/region?locale=en-au');
    expect(au.body.areas).toEqual(expect.arrayContaining(['ingredients', 'abn-account']));
    expect(au.body.areas).not.toContain('direct');
    expect((await get<StoreRegionResponse>('/api/store/region?locale=en-ca-qc')).body.areas).toEqual([]);
  });
});

describe('category listing', () => {
  it('lists a category with its subcategories, facets and page numbers', async () => {
    const { status, body } = await get<StoreListing>('/api/store/category/crop-protection?locale=en-us&pageSize=24');
    expect(status).toBe(200);
    expect(body.category?.name).toBe('Crop Protection');
    expect(body.category?.children.map((c) => c.path)).toEqual(
      expect.arrayContaining(['crop-protection/herbicides', 'crop-protection/fungicides']),
    );
    expect(body.total).toBeGreaterThan(10);
    expect(body.products.length).toBe(Math.min(24, body.total));
    expect(body.pageCount).toBe(Math.ceil(body.total / 24));
    expect(body.products.every((p) => p.categoryPath.startsWith('crop-protection'))).toBe(true);
    expect(body.facets.categories.map((c) => c.value)).toContain('crop-protection/herbicides');
    expect(body.facets.brands.length).toBeGreaterThan(1);
    expect(body.facets.ingredients.map((i) => i.value)).toContain('glyphosate');
    expect(body.facets.prices.length).toBeGreaterThan(0);
  });

  it('reads both spellings of a category and dotted subcategories', async () => {
    const a = await get<StoreListing>('/api/store/category/animal_health?locale=en-us');
    const b = await get<StoreListing>('/api/store/category/animal-health?locale=en-us');
    expect(a.status).toBe(200);
    expect(a.body.total).toBe(b.body.total);
    const sub = await get<StoreListing>('/api/store/category/crop-protection/herbicides.burndown?locale=en-us');
    expect(sub.status).toBe(200);
    expect(sub.body.breadcrumbs.map((c) => c.name)).toEqual(['Crop Protection', 'Herbicides', 'Burndown']);
    expect(sub.body.products.every((p) => p.categoryPath === 'crop-protection/herbicides/burndown')).toBe(true);
  });

  it('filters by facets, sorts by price and pages', async () => {
    const all = await get<StoreListing>('/api/store/category/crop-protection?locale=en-us');
    const brand = all.body.facets.brands[0]!;
    const byBrand = await get<StoreListing>(
      `/api/store/category/crop-protection?locale=en-us&brand=${encodeURIComponent(brand.value)}`,
    );
    expect(byBrand.body.total).toBe(brand.count);
    expect(byBrand.body.products.every((p) => p.brand === brand.value)).toBe(true);
    // Facet counts stay those of the category, so the other brands can still be added.
    expect(byBrand.body.facets.brands.length).toBe(all.body.facets.brands.length);

    const byIngredient = await get<StoreListing>(
      '/api/store/category/crop-protection?locale=en-us&ingredient=glyphosate&sort=price-asc',
    );
    expect(byIngredient.body.total).toBeGreaterThan(0);
    expect(byIngredient.body.products.every((p) => p.ingredients.includes('Glyphosate'))).toBe(true);
    const prices = byIngredient.body.products.map((p) => Number(p.price!.amount));
    expect(prices).toEqual([...prices].sort((x, y) => x - y));

    const cheap = await get<StoreListing>('/api/store/category/crop-protection?locale=en-us&maxPrice=100&inStock=true');
    expect(cheap.body.products.every((p) => Number(p.price!.amount) <= 100 && p.inStock)).toBe(true);

    const page2 = await get<StoreListing>(
      '/api/store/category/crop-protection?locale=en-us&page=2&pageSize=24&sort=name-asc',
    );
    const page1 = await get<StoreListing>(
      '/api/store/category/crop-protection?locale=en-us&page=1&pageSize=24&sort=name-asc',
    );
    expect(page2.body.page).toBe(2);
    expect(page2.body.products[0]?.id).not.toBe(page1.body.products[0]?.id);
    expect(page1.body.products.map((p) => p.name)).toEqual(
      [...page1.body.products.map((p) => p.name)].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  });

  it('answers 404 for an unknown category and 400 for bad parameters', async () => {
    expect((await get('/api/store/category/tractors?locale=en-us')).status).toBe(404);
    expect((await get('/api/store/category/crop-protection/no-such-thing?locale=en-us')).status).toBe(404);
    for (const query of [
      'page=0',
      'pageSize=25',
      'sort=cheapest',
      'minPrice=abc',
      'minPrice=50&maxPrice=10',
      'locale=fr-fr',
      'colour=red',
      'page=9999',
    ]) {
      const res = await get<{ code: string; message: string }>(`/api/store/category/crop-protection?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code, query).toBe('invalid_request');
    }
    expect((await get('/api/store/category/crop-protection/bad..path?locale=en-us')).status).toBe(400);
  });

  it('lists deals as a category of their own', async () => {
    const { status, body } = await get<StoreListing>('/api/store/category/deals?locale=en-us');
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(0);
    expect(body.products.every((p) => p.isDeal)).toBe(true);
  });
});

describe('search', () => {
  it('finds products by ingredient words, with a misspelling too', async () => {
    const atrazin = await get<StoreListing>('/api/store/search?locale=en-us&q=atrazin');
    expect(atrazin.status).toBe(200);
    expect(atrazin.body.total).toBeGreaterThan(0);
    expect(atrazin.body.products[0]?.ingredients).toContain('Atrazine');

    const glyphosat = await get<StoreListing>('/api/store/search?locale=en-us&q=glyphosat');
    expect(glyphosat.body.total).toBeGreaterThan(0);
    expect(glyphosat.body.products.some((p) => p.name.toLowerCase().includes('glyphosate'))).toBe(true);

    const typo = await get<StoreListing>('/api/store/search?locale=en-us&q=azoxystrobn');
    expect(typo.body.matchedBy).toBe('similar');
    expect(typo.body.suggestion).toBe('Azoxystrobin');
    expect(typo.body.products.some((p) => p.ingredients.includes('Azoxystrobin'))).toBe(true);
  });

  it('ranks name matches first and narrows by a facet', async () => {
    const res = await get<StoreListing>('/api/store/search?locale=en-us&q=mesotrione');
    expect(res.body.matchedBy).toBe('text');
    expect(res.body.products[0]?.name.toLowerCase()).toContain('mesotrione');
    const rup = await get<StoreListing>('/api/store/search?locale=en-us&q=atrazine&kind=chemical');
    expect(rup.body.products.every((p) => p.kind === 'chemical')).toBe(true);
    expect(rup.body.products.some((p) => p.restrictedUse)).toBe(true);
  });

  it('says when nothing matches and refuses an empty query', async () => {
    const none = await get<StoreListing>('/api/store/search?locale=en-us&q=zzzqqqxx');
    expect(none.status).toBe(200);
    expect(none.body).toMatchObject({ total: 0, matchedBy: 'none', products: [] });
    expect((await get('/api/store/search?locale=en-us&q=')).status).toBe(400);
    expect((await get(`/api/store/search?locale=en-us&q=${'a'.repeat(200)}`)).status).toBe(400);
  });
});

describe('product page and documents', () => {
  let slug: string;
  let detail: StoreProductDetail;

  beforeAll(async () => {
    const list = await get<StoreListing>('/api/store/search?locale=en-us&q=atrazine%204L');
    slug = list.body.products.find((p) => p.restrictedUse)!.slug;
    detail = (await get<StoreProductDetail>(`/api/store/products/${slug}?locale=en-us`)).body;
  });

  it('shows variants with prices and stock, ingredients, pests, documents and seller', () => {
    expect(detail.restrictedUse).toBe(true);
    expect(detail.variants.map((v) => v.label)).toEqual([
      '2.5 gal jug',
      '2 × 2.5 gal case',
      '30 gal drum',
      '265 gal tote',
    ]);
    for (const v of detail.variants) {
      expect(v.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(v.price?.currency).toBe('USD');
      expect(v.warehouses.every((w) => ['AMS', 'DEC', 'FSD'].includes(w.code))).toBe(true);
      expect(['in_stock', 'low_stock', 'out_of_stock']).toContain(v.stockStatus);
    }
    expect(detail.activeIngredients[0]).toMatchObject({ slug: 'atrazine', unit: 'lb/gal' });
    expect(detail.pests.length).toBeGreaterThan(0);
    expect(detail.documents.map((d) => d.type)).toEqual(['specimen-label', 'sds', 'tech-sheet', 'mixing-instructions']);
    expect(detail.seller.name).toBeTruthy();
    expect(detail.breadcrumbs[0]?.path).toBe('crop-protection');
  });

  it('serves the SDS as a PDF and its data', async () => {
    const file = await get(`/api/store/products/${slug}/documents/sds/file`);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.raw.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const data = await get<{ type: string; byteLength: number; url: string }>(
      `/api/store/products/${slug}/documents/sds`,
    );
    expect(data.body).toMatchObject({ type: 'sds', byteLength: file.raw.length });
    // Made once, then served as stored: the same bytes.
    const again = await get(`/api/store/products/${slug}/documents/sds/file`);
    expect(again.raw.equals(file.raw)).toBe(true);
  });

  it('answers 404 for an unknown product or document, 400 for a bad document type', async () => {
    expect((await get('/api/store/products/no-such-product?locale=en-us')).status).toBe(404);
    expect((await get(`/api/store/products/${slug}/documents/brochure/file`)).status).toBe(400);
    const seedProduct = (await get<StoreListing>('/api/store/category/seed/corn?locale=en-us')).body.products[0]!;
    expect((await get(`/api/store/products/${seedProduct.slug}/documents/mixing-instructions/file`)).status).toBe(404);
  });

  it('serves images, sized only under 4000 px', async () => {
    const url = detail.images[0]!.url;
    const sized = await get(`${url}?w=300&h=300`);
    expect(sized.headers['content-type']).toContain('image/svg+xml');
    expect(sized.raw.toString()).toContain('width="300" height="300"');
    const big = await get(`${url}?w=5000&h=300`);
    expect(big.raw.toString()).toContain('width="600" height="600"');
  });
});

describe('ingredients, pests, marketplace and programs', () => {
  it('lists ingredients and pests with their products', async () => {
    const list = await get<{ ingredients: { slug: string; productCount: number }[] }>(
      '/api/store/ingredients?locale=en-us',
    );
    expect(list.body.ingredients.find((i) => i.slug === 'glyphosate')?.productCount).toBeGreaterThan(0);
    const one = await get<{ ingredient: { name: string }; listing: StoreListing }>(
      '/api/store/ingredients/glyphosate?locale=en-us',
    );
    expect(one.body.ingredient.name).toBe('Glyphosate');
    expect(one.body.listing.products.every((p) => p.ingredients.includes('Glyphosate'))).toBe(true);
    const pests = await get<{ pests: { slug: string }[] }>('/api/store/pests?locale=en-us');
    expect(pests.body.pests.map((p) => p.slug)).toContain('waterhemp');
    const pest = await get<{ pest: { pestType: string }; listing: StoreListing }>(
      '/api/store/pests/waterhemp?locale=en-us',
    );
    expect(pest.body.pest.pestType).toBe('weed');
    expect(pest.body.listing.total).toBeGreaterThan(0);
    expect((await get('/api/store/pests/unicorn?locale=en-us')).status).toBe(404);
  });

  it('lists the marketplace sellers and a seller’s products, and a product by its unique id', async () => {
    const all = await get<StoreMarketplace>('/api/store/marketplace?locale=en-us');
    expect(all.body.sellers).toHaveLength(3);
    expect(all.body.listing.products.every((p) => p.seller.kind === 'marketplace')).toBe(true);
    const one = await get<StoreMarketplace>('/api/store/marketplace/hoof-and-horn?locale=en-us');
    expect(one.body.seller?.name).toBe('Hoof & Horn Animal Health');
    expect(one.body.listing.products.every((p) => p.seller.slug === 'hoof-and-horn')).toBe(true);
    expect((await get('/api/store/marketplace/nobody?locale=en-us')).status).toBe(404);
    const product = one.body.listing.products[0]!;
    const byId = await get<StoreProductDetail>(`/api/store/marketplace/products/${product.id}?locale=en-us`);
    expect(byId.body.slug).toBe(product.slug);
    expect((await get('/api/store/marketplace/products/not-a-uuid?locale=en-us')).status).toBe(400);
  });

  it('shows the Canadian programs in Canada and hides them in the US', async () => {
    const ca = await get<StoreListing>('/api/store/programs/co-packs?locale=en-ca');
    expect(ca.status).toBe(200);
    expect(ca.body.total).toBeGreaterThan(0);
    expect(ca.body.products.every((p) => p.price?.currency === 'CAD')).toBe(true);
    const us = await get<{ code: string }>('/api/store/programs/co-packs?locale=en-us');
    expect(us.status).toBe(404);
    expect(us.body.code).toBe('not_found');
    expect((await get('/api/store/programs/organics?locale=en-us')).status).toBe(200);
    expect((await get('/api/store/programs/tractors?locale=en-us')).status).toBe(400);
  });
});
