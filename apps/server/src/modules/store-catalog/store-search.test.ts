import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoreListing, StoreSearchSuggestions } from '@granary/domain';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_ACCOUNTS } from '../../seed/demo.ts';
import { headersOf, signIn, type Caller } from '../../testing/crm-test-fixtures.ts';
import { catalogAggregates } from './catalog-cache.ts';

// Issue 13: what farmers type finds its product (synonym list, typo correction, suggestions while typing), the
// virtual categories' about pages, and buy-now without a product.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

async function get<T>(url: string): Promise<{ status: number; body: T }> {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() };
}

const names = (l: StoreListing) => l.products.map((p) => p.name);

describe('search reads trade names and misspellings through the synonym list', () => {
  it.each([
    ['roundup', 'glyphosate'],
    ['glyphosphate', 'glyphosate'],
    ['dicmaba', 'dicamba'],
    ['atrazeen', 'atrazine'],
  ])('"%s" finds its products (%s)', async (q, term) => {
    const { status, body } = await get<StoreListing>(`/api/store/search?locale=en-us&q=${q}`);
    expect(status).toBe(200);
    expect(body.total).toBeGreaterThan(0);
    expect(body.matchedBy).toBe('synonym');
    expect(body.suggestion).toBe(term);
    expect(names(body).some((n) => n.toLowerCase().includes(term))).toBe(true);
  });

  it('"glyphosphate" lists glyphosate products, not phosphate fertilizer', async () => {
    const { body } = await get<StoreListing>('/api/store/search?locale=en-us&q=glyphosphate');
    expect(names(body).some((n) => /phosphate \(p2o5\)/i.test(n))).toBe(false);
  });

  it('takes a row staff add to the list', async () => {
    await t.database.db.execute(
      sql`insert into store_search_synonyms (term, means, kind) values ('weedaway', 'glyphosate', 'brand')`,
    );
    // The list is read through the catalogue's short-lived cache: a new row shows once it expires.
    catalogAggregates(t.database.db).clear();
    const { body } = await get<StoreListing>('/api/store/search?locale=en-us&q=weedaway');
    expect(body.total).toBeGreaterThan(0);
    expect(names(body).some((n) => /glyphosate/i.test(n))).toBe(true);
  });

  it('corrects a typo nobody listed to the nearest catalogue word', async () => {
    const { body } = await get<StoreListing>('/api/store/search?locale=en-us&q=mesotrine');
    expect(body.total).toBeGreaterThan(0);
    expect(body.matchedBy).toBe('similar');
    expect(body.suggestion).toBe('Mesotrione');
  });
});

describe('suggestions while typing', () => {
  it('offers the products of a half-typed word', async () => {
    const { status, body } = await get<StoreSearchSuggestions>('/api/store/search/suggest?locale=en-us&q=glyph');
    expect(status).toBe(200);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products[0]!.name).toMatch(/glyphosate/i);
  });

  it('reads "glyphosphate" and "roundup" as glyphosate, ranked above phosphate fertilizer', async () => {
    for (const q of ['glyphosphate', 'roundup']) {
      const { body } = await get<StoreSearchSuggestions>(`/api/store/search/suggest?locale=en-us&q=${q}`);
      expect(body.term).toBe('glyphosate');
      expect(body.products[0]!.name).toMatch(/glyphosate/i);
      expect(body.products.some((p) => /phosphate \(p2o5\)/i.test(p.name))).toBe(false);
    }
  });

  it('suggests the listed name while it is half typed: "roun" and "dicm" offer glyphosate and dicamba first', async () => {
    for (const [q, term] of [
      ['roun', 'glyphosate'],
      ['dicm', 'dicamba'],
      ['aatr', 'atrazine'],
    ] as const) {
      const { body } = await get<StoreSearchSuggestions>(`/api/store/search/suggest?locale=en-us&q=${q}`);
      expect(body.term).toBe(term);
      expect(body.products[0]!.name.toLowerCase()).toContain(term);
    }
  });

  it('refuses an empty query with a code and a message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/store/search/suggest?locale=en-us&q=' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });
});

describe('the deals and cyber about pages', () => {
  it.each(['deals', 'cyber'])('/direct/%s/about lists the departments with deals', async (slug) => {
    const { status, body } = await get<StoreListing>(`/api/store/category/${slug}/about?locale=en-us`);
    expect(status).toBe(200);
    expect(body.category).toMatchObject({ slug, name: expect.stringMatching(/deals/i) });
    expect(body.category!.children.length).toBeGreaterThan(0);
    expect(body.category!.children.every((c) => c.productCount > 0)).toBe(true);
    expect(body.products.length).toBeGreaterThan(0);
    expect(body.products.every((p) => p.isDeal)).toBe(true);
  });

  it("lists one department's deals when its card asks for them", async () => {
    const about = await get<StoreListing>('/api/store/category/deals/about?locale=en-us');
    const first = about.body.category!.children[0]!;
    const { status, body } = await get<StoreListing>(`/api/store/category/deals?locale=en-us&category=${first.path}`);
    expect(status).toBe(200);
    expect(body.total).toBe(first.productCount);
    expect(body.products.every((p) => p.isDeal && p.categoryPath.startsWith(first.path))).toBe(true);
  });
});

describe('buy now without a product', () => {
  let farmer: Caller;
  beforeAll(async () => {
    farmer = await signIn(t, DEMO_ACCOUNTS.farmer);
  });
  it('is refused with a code and a message, not taken as an empty cart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/store/buy-now',
      headers: headersOf(farmer),
      payload: { quantity: 1 },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', message: expect.any(String) });
  });
});
