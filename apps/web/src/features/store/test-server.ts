import type {
  StoreFacets,
  StoreListing,
  StoreProductCard,
  StoreProductDetail,
  StoreRegionResponse,
} from '@granary/domain';
import { vi } from 'vitest';

// A fake store server for the store's component tests: each call answered by a handler, 404 for anything else.

export const US: StoreRegionResponse = {
  region: 'US',
  country: 'USA',
  currency: 'USD',
  locale: 'en-us',
  areas: ['direct', 'marketplace', 'search', 'ingredients', 'pests', 'deals', 'add-to-cart', 'organics'],
};

export const card = (id: number, extra: Partial<StoreProductCard> = {}): StoreProductCard => ({
  id: `00000000-0000-4000-8000-${String(id).padStart(12, '0')}`,
  slug: `product-${id}`,
  name: `Product ${id}`,
  brand: 'Harvest Standard',
  kind: 'chemical',
  categoryPath: 'crop-protection/herbicides/burndown',
  seller: { slug: 'house', name: 'Direct Store', kind: 'house' },
  restrictedUse: false,
  isDeal: false,
  rating: '4.50',
  reviewCount: 12,
  price: { amount: '89.99', currency: 'USD', listAmount: null },
  unitPrice: { amount: '35.9960', unit: 'gal' },
  inStock: true,
  variantCount: 3,
  image: null,
  ingredients: ['Glyphosate'],
  ...extra,
});

const FACETS: StoreFacets = {
  categories: [{ value: 'crop-protection/herbicides', label: 'Herbicides', count: 2 }],
  kinds: [{ value: 'chemical', label: 'chemical', count: 2 }],
  brands: [
    { value: 'Harvest Standard', label: 'Harvest Standard', count: 1 },
    { value: 'Northfield Crop Science', label: 'Northfield Crop Science', count: 1 },
  ],
  sellers: [{ value: 'house', label: 'Direct Store', count: 2 }],
  ingredients: [{ value: 'glyphosate', label: 'Glyphosate', count: 2 }],
  pests: [{ value: 'waterhemp', label: 'Waterhemp', count: 1 }],
  prices: [{ value: '50-100', label: '50-100', count: 2, min: '50', max: '100' }],
  inStock: 2,
};

export const listing = (products: StoreProductCard[], extra: Partial<StoreListing> = {}): StoreListing => ({
  region: US,
  category: {
    path: 'crop-protection',
    slug: 'crop-protection',
    name: 'Crop Protection',
    description: 'Herbicides, fungicides and insecticides.',
    productCategory: 'chemical',
    productCount: products.length,
    children: [{ path: 'crop-protection/herbicides', name: 'Herbicides', productCount: products.length }],
  },
  breadcrumbs: [{ path: 'crop-protection', name: 'Crop Protection' }],
  products,
  total: products.length,
  page: 1,
  pageSize: 24,
  pageCount: 1,
  sort: 'featured',
  facets: FACETS,
  ...extra,
});

export const detail = (extra: Partial<StoreProductDetail> = {}): StoreProductDetail => ({
  ...card(1, { name: 'Atrazine 4L', restrictedUse: true, ingredients: ['Atrazine'] }),
  description: 'Flowable atrazine for corn and sorghum.',
  manufacturer: 'Harvest Standard Products LLC',
  programs: [],
  breadcrumbs: [
    { path: 'crop-protection', name: 'Crop Protection' },
    { path: 'crop-protection/herbicides', name: 'Herbicides' },
  ],
  seller: {
    slug: 'house',
    name: 'Direct Store',
    kind: 'house',
    description: 'Our own store.',
    location: 'Ames, IA',
    rating: '4.80',
  },
  variants: [
    {
      id: 'v1',
      sku: 'HA1-1',
      label: '2.5 gal jug',
      size: '2.5',
      unit: 'gal',
      packCount: 1,
      price: { amount: '24.99', currency: 'USD', listAmount: null },
      unitPrice: '9.9960',
      stockStatus: 'in_stock',
      quantityAvailable: 120,
      warehouses: [{ code: 'AMS', name: 'Ames', city: 'Ames', region: 'IA', quantity: 120 }],
    },
    {
      id: 'v2',
      sku: 'HA1-3',
      label: '30 gal drum',
      size: '30',
      unit: 'gal',
      packCount: 1,
      price: { amount: '277.50', currency: 'USD', listAmount: null },
      unitPrice: '9.2500',
      stockStatus: 'low_stock',
      quantityAvailable: 4,
      warehouses: [{ code: 'DEC', name: 'Decatur', city: 'Decatur', region: 'IL', quantity: 4 }],
    },
  ],
  activeIngredients: [
    { slug: 'atrazine', name: 'Atrazine', concentration: '4.000', unit: 'lb/gal', modeOfAction: 'Group 5' },
  ],
  pests: [{ slug: 'waterhemp', name: 'Waterhemp', pestType: 'weed' }],
  documents: [
    {
      type: 'specimen-label',
      title: 'Atrazine 4L — Specimen label',
      revisedOn: '2025-03-15',
      url: '/api/store/products/product-1/documents/specimen-label/file',
    },
    {
      type: 'sds',
      title: 'Atrazine 4L — Safety data sheet',
      revisedOn: '2025-03-15',
      url: '/api/store/products/product-1/documents/sds/file',
    },
  ],
  images: [],
  availableInRegion: true,
  region: US,
  ...extra,
});

export type Reply = { status: number; body?: unknown };
type Call = { url: URL };

/** Stubs fetch: `handler` answers store calls by path (without /api/store); 404 for anything else. */
export function serveStore(handler: (path: string, url: URL) => Reply | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const url = new URL(raw, 'http://localhost');
      calls.push({ url });
      const reply = url.pathname.startsWith('/api/store')
        ? handler(url.pathname.replace('/api/store', ''), url)
        : undefined;
      const { status, body } = reply ?? { status: 404, body: { code: 'not_found', message: 'Not found' } };
      return Promise.resolve(
        new Response(JSON.stringify(body ?? null), { status, headers: { 'Content-Type': 'application/json' } }),
      );
    }),
  );
  return calls;
}
