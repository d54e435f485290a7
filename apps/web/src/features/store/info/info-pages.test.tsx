import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BrandPackDetail, BrandPackList, FeedProductList, StoreRegionResponse } from '@granary/domain';
import { renderApp } from '../../../test/render-app';
import { US, serveStore } from '../test-server';

afterEach(() => vi.restoreAllMocks());

const CA: StoreRegionResponse = {
  region: 'CA',
  country: 'CAN',
  currency: 'CAD',
  locale: 'en-ca',
  areas: ['direct', 'acre-pack', 'pay-by-check'],
};

const feed: FeedProductList = {
  region: US,
  unit: 'lb',
  currency: 'USD',
  products: [
    {
      slug: 'hs-beef-grower-14-pellet',
      name: 'Beef Grower 14% Pellet',
      brand: 'Harvest Standard',
      categoryPath: 'feed/cattle-feed',
      packs: [
        {
          id: 'v1',
          label: '2,000 lb tote',
          size: '2000',
          unit: 'lb',
          packCount: 1,
          amount: '500.00',
          costPerTon: '500.00',
        },
      ],
    },
  ],
};

const figure = (testId: string) => screen.getByTestId(testId);

describe('feed efficiency calculator', () => {
  it('shows conversion, days, feed and cost of gain for the starting pen, and follows the inputs', async () => {
    renderApp('/direct/feed/feed-efficiency', 'anonymous');
    serveStore((path) => (path === '/pages/feed-products' ? { status: 200, body: feed } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Feed efficiency calculator' })).toBeTruthy();
    // 100 head, 750 → 1,350 lb at 3.5 lb/day eating 24 lb of dry matter, $240 a ton.
    expect(within(figure('fcr')).getByText('6.86 : 1')).toBeTruthy();
    expect(within(figure('days')).getByText('171.4 days')).toBeTruthy();
    expect(within(figure('total-feed')).getByText('205.71 tons')).toBeTruthy();
    expect(within(figure('cost-per-head')).getByText('$493.71')).toBeTruthy();
    expect(within(figure('cost-of-gain')).getByText('$0.823 per lb')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Head count'), { target: { value: '200' } });
    expect(within(figure('total-feed')).getByText('411.43 tons')).toBeTruthy();

    // A target under the start weight: the field says why once left, and the figures wait.
    const target = screen.getByLabelText('Target weight per head (lb)');
    fireEvent.change(target, { target: { value: '700' } });
    fireEvent.blur(target);
    expect(screen.getByText('The target weight must be more than the start weight.')).toBeTruthy();
    expect(screen.getByText('Fix the highlighted fields to see the results.')).toBeTruthy();
    expect(target.getAttribute('aria-invalid')).toBe('true');
  });

  it('takes the ration price from a feed in the store', async () => {
    renderApp('/direct/feed/feed-efficiency', 'anonymous');
    serveStore((path) => (path === '/pages/feed-products' ? { status: 200, body: feed } : undefined));
    await screen.findByRole('heading', { level: 1, name: 'Feed efficiency calculator' });
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'Use a feed from the store' }) as HTMLInputElement).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Use a feed from the store' }));
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Feed from the store' }));
    fireEvent.click(await screen.findByRole('option', { name: /Beef Grower 14% Pellet, 2,000 lb tote/ }));
    await waitFor(() =>
      expect((screen.getByLabelText('Ration cost per ton') as HTMLInputElement).value).toBe('500.00'),
    );
    // 4,114.29 lb a head at $500 a ton.
    expect(within(figure('cost-per-head')).getByText('$1,028.57')).toBeTruthy();
  });
});

describe('house-brand packs', () => {
  const list: BrandPackList = {
    region: US,
    seller: { slug: 'house', name: 'Direct Store' },
    packs: [
      {
        slug: 'crop-protection-herbicides',
        name: 'Herbicides',
        section: 'Crop Protection',
        categoryPath: 'crop-protection/herbicides',
        productCount: 2,
        packPrice: '61.98',
        currency: 'USD',
      },
    ],
  };
  const pack: BrandPackDetail = {
    ...list.packs[0]!,
    region: US,
    seller: list.seller,
    items: [
      {
        product: { slug: 'hs-atrazine-4l', name: 'Atrazine 4L', brand: 'Harvest Standard' },
        variantId: 'v1',
        label: '2.5 gal jug',
        amount: '24.99',
      },
      {
        product: { slug: 'hs-glyphosate-41-plus', name: 'Glyphosate 41% Plus', brand: 'Harvest Standard' },
        variantId: 'v2',
        label: '2.5 gal jug',
        amount: '36.99',
      },
    ],
  };

  it('answers at /direct/{brand}-pack with the partner’s word and links each pack', async () => {
    renderApp('/direct/prairie-pack', 'anonymous');
    serveStore((path) => (path === '/pages/brand-packs' ? { status: 200, body: list } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Prairie packs' })).toBeTruthy();
    expect(screen.getByText('$61.98')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Herbicides/ }).getAttribute('href')).toBe(
      '/direct/prairie-pack/crop-protection-herbicides',
    );
  });

  it('shows one pack’s products and its price', async () => {
    renderApp('/direct/prairie-pack/crop-protection-herbicides', 'anonymous');
    serveStore((path) =>
      path === '/pages/brand-packs/crop-protection-herbicides' ? { status: 200, body: pack } : undefined,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Prairie · Herbicides' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Atrazine 4L' }).getAttribute('href')).toBe(
      '/direct/product/hs-atrazine-4l',
    );
    expect(within(screen.getByTestId('pack-price')).getByText('$61.98')).toBeTruthy();
  });

  it('leaves other store pages alone', async () => {
    renderApp('/direct/granary-pack', 'anonymous');
    const calls = serveStore(() => undefined);
    await waitFor(() => expect(calls.some((c) => c.url.pathname.startsWith('/api/store/category/'))).toBe(true));
    expect(calls.some((c) => c.url.pathname.includes('brand-packs'))).toBe(false);
  });
});

describe('financing options', () => {
  it('explains the region’s terms by group, never the removed ones', async () => {
    renderApp('/en-ca/direct/financing-options', 'anonymous');
    serveStore((path) => (path === '/region' ? { status: 200, body: CA } : undefined));
    expect(await screen.findByRole('heading', { level: 1, name: 'Financing and payment options' })).toBeTruthy();
    expect(screen.getByText('Options for Canada')).toBeTruthy();
    const financing = screen.getByRole('region', { name: 'Financing' });
    expect(within(financing).getByRole('heading', { name: 'Prairie financing' })).toBeTruthy();
    expect(within(financing).getByRole('heading', { name: 'Inputs financing' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Pre-authorized debit' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Check' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'ACH' })).toBeNull();
    expect(document.querySelector('[data-term="pay_now"]')).toBeNull();
  });

  it('says the store is not available where it is off', async () => {
    renderApp('/en-au/direct/financing-options', 'anonymous');
    serveStore(() => undefined);
    expect(await screen.findByRole('heading', { name: 'Not available in your region' })).toBeTruthy();
  });
});

describe('terms pages', () => {
  it('reads the brand words from the partner branding', async () => {
    renderApp('/direct/terms-of-sale', 'anonymous');
    serveStore(() => undefined);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of sale' })).toBeTruthy();
    expect(screen.getByText(/These terms apply to every order placed in the Prairie store/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '6. Returns' })).toBeTruthy();
  });
});
