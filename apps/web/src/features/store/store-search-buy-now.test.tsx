import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StoreSearchSuggestions } from '@granary/domain';
import { renderApp } from '../../test/render-app';
import { card, detail, listing, serveStore } from './test-server';

// Issue 13: Buy now on the product page, buy-now without a product, suggestions as the user types and the
// synonym notice on the search page.

afterEach(() => vi.restoreAllMocks());

describe('buy now', () => {
  it('offers Buy now beside Add to cart, for the chosen pack size and quantity', async () => {
    renderApp('/direct/product/product-1', 'farmer');
    serveStore((path) => (path === '/products/product-1' ? { status: 200, body: detail() } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Atrazine 4L' });
    const selected = screen.getByLabelText('Selected pack size');
    fireEvent.click(screen.getByRole('button', { name: /30 gal drum/ }));
    fireEvent.click(within(selected).getByRole('button', { name: 'One more Atrazine 4L' }));
    const buyNow = within(selected).getByRole('link', { name: 'Buy now' });
    expect(buyNow.getAttribute('href')).toBe('/direct/carts/buy-now?variantId=v2&quantity=2');
    expect(within(selected).getByRole('button', { name: 'Add to cart' })).toBeTruthy();
  });

  it('says to choose a product when the buy-now page has none, with a way to the store', async () => {
    renderApp('/direct/carts/buy-now', 'farmer');
    serveStore(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Choose a product to buy' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the store' }).getAttribute('href')).toBe('/direct');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('store search', () => {
  it('suggests as the user types, reading a trade name as its catalogue term', async () => {
    const suggestions: StoreSearchSuggestions = {
      term: 'glyphosate',
      query: 'glyphosate',
      products: [{ slug: 'glyphosate-41-plus', name: 'Glyphosate 41% Plus', brand: 'Harvest Standard' }],
    };
    renderApp('/direct/products', 'anonymous');
    const calls = serveStore((path, url) =>
      path === '/search/suggest' && url.searchParams.get('q') === 'roundup'
        ? { status: 200, body: suggestions }
        : path === '/products'
          ? { status: 200, body: listing([card(1)], { category: null }) }
          : undefined,
    );
    const box = await screen.findByRole('combobox', { name: 'Search products' });
    fireEvent.change(box, { target: { value: 'roundup' } });
    expect(await screen.findByRole('option', { name: 'Search for glyphosate' })).toBeTruthy();
    expect(screen.getByRole('option', { name: /Glyphosate 41% Plus/ })).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/store/search/suggest')).toBe(true);
  });

  it('says which catalogue term a trade name was read as', async () => {
    renderApp('/direct/search?q=roundup', 'anonymous');
    serveStore((path) =>
      path === '/search'
        ? {
            status: 200,
            body: listing([card(1, { name: 'Glyphosate 41% Plus' })], {
              category: null,
              breadcrumbs: [],
              matchedBy: 'synonym',
              suggestion: 'glyphosate',
              sort: 'relevance',
            }),
          }
        : undefined,
    );
    expect(await screen.findByText(/Showing results for/)).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Results for “roundup”' })).getByText('Glyphosate 41% Plus'),
    ).toBeTruthy();
  });
});
