import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreHome } from '@granary/domain';
import { renderApp } from '../../test/render-app';
import { US, card, detail, listing, serveStore } from './test-server';

afterEach(() => vi.restoreAllMocks());

describe('store pages', () => {
  it('shows the home page: categories, deals and the house store under the partner name', async () => {
    const home: StoreHome = {
      region: US,
      categories: [
        {
          path: 'crop-protection',
          slug: 'crop-protection',
          name: 'Crop Protection',
          description: '',
          productCategory: 'chemical',
          productCount: 182,
          children: [],
        },
      ],
      deals: [card(1, { isDeal: true, price: { amount: '18.49', currency: 'USD', listAmount: '20.99' } })],
      featured: [card(2)],
      sellers: [{ slug: 'hoof-and-horn', name: 'Hoof & Horn Animal Health', kind: 'marketplace', productCount: 14 }],
    };
    renderApp('/direct', 'anonymous');
    serveStore((path) => (path === '/home' ? { status: 200, body: home } : undefined));
    const deals = await screen.findByRole('list', { name: 'Deals' });
    expect(within(deals).getByText('From $18.49')).toBeTruthy();
    expect(within(deals).getByText('Was $20.99')).toBeTruthy();
    expect(within(deals).getByText('Sold by Prairie Test Grain')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Crop Protection/ }).getAttribute('href')).toBe('/direct/crop-protection');
    expect(screen.getByRole('link', { name: 'Hoof & Horn Animal Health' })).toBeTruthy();
    // Cards of products with several pack sizes have no quick add (the shopper picks a size on the product page).
    expect(screen.queryByRole('button', { name: /add to cart/i })).toBeNull();
  });

  it('lists a category and narrows it by a facet kept in the URL', async () => {
    const { router } = renderApp('/direct/crop_protection', 'anonymous');
    const calls = serveStore((path, url) =>
      path === '/category/crop-protection'
        ? {
            status: 200,
            body:
              url.searchParams.get('ingredient') === 'glyphosate'
                ? listing([card(1)])
                : listing([card(1), card(2, { name: 'Atrazine 4L', ingredients: ['Atrazine'] })]),
          }
        : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Crop Protection' })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Crop Protection' })).getAllByRole('article')).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: /Glyphosate/ }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('ingredient')).toBe('glyphosate'));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Crop Protection' })).getAllByRole('article')).toHaveLength(1),
    );
    expect(calls.some((c) => c.url.searchParams.get('ingredient') === 'glyphosate')).toBe(true);
    expect(screen.getByRole('button', { name: 'Clear all filters' })).toBeTruthy();
  });

  it('searches with a misspelling and offers the nearest word', async () => {
    renderApp('/direct/search?q=glyphosat', 'anonymous');
    serveStore((path, url) =>
      path === '/search' && url.searchParams.get('q') === 'glyphosat'
        ? {
            status: 200,
            body: listing([card(1, { name: 'Glyphosate 41% Plus' })], {
              category: null,
              breadcrumbs: [],
              matchedBy: 'similar',
              suggestion: 'Glyphosate',
              sort: 'relevance',
            }),
          }
        : undefined,
    );
    expect(await screen.findByText(/No exact matches for “glyphosat”/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Glyphosate' }).getAttribute('href')).toBe('/direct/search?q=Glyphosate');
    expect(
      within(screen.getByRole('list', { name: 'Results for “glyphosat”' })).getByText('Glyphosate 41% Plus'),
    ).toBeTruthy();
  });

  it('shows a product with its pack sizes, the restricted-use warning and its documents', async () => {
    renderApp('/direct/product/product-1', 'anonymous');
    serveStore((path) => (path === '/products/product-1' ? { status: 200, body: detail() } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Atrazine 4L' })).toBeTruthy();
    expect(screen.getByText('Restricted use pesticide')).toBeTruthy();
    const selected = screen.getByLabelText('Selected pack size');
    expect(within(selected).getByText('$24.99')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /30 gal drum/ }));
    expect(within(selected).getByText('$277.50')).toBeTruthy();
    expect(within(selected).getByText('$9.25/gal')).toBeTruthy();
    expect(within(selected).getByText('Low stock: 4 left')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Safety data sheet (SDS)' }).getAttribute('href')).toBe(
      '/direct/product/product-1/sds',
    );
    expect(screen.getByRole('link', { name: 'Atrazine' }).getAttribute('href')).toBe('/direct/ingredient/atrazine');
    // The chosen pack size can be put in the cart (features/store/cart).
    expect(within(selected).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('says a store area is not available in the region', async () => {
    renderApp('/direct/co-packs', 'anonymous');
    serveStore((path) =>
      path === '/programs/co-packs'
        ? {
            status: 404,
            body: { code: 'not_found', message: 'This part of the store is not available in your region.' },
          }
        : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Not available in your region' })).toBeTruthy();
  });
});
