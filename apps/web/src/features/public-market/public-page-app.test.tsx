import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { PUBLIC_PAGE_DATA_ELEMENT_ID, type PublicMarketPage, type PublicPartnerHeader } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PUBLIC_DATA_ELEMENT_ID, readInlinedData } from './inlined-data';
import { PublicPageApp } from './public-page-app';
import { REFRESH_MS } from './use-market-refresh';

const partner: PublicPartnerHeader = {
  id: 'demo',
  displayName: 'Granary Demo Grain',
  logo: null,
  publicHeader: { title: 'Granary Demo Grain', links: [{ label: 'Support', url: '/support' }] },
  legalFooter: '© Granary Demo Grain Co. All rights reserved.',
  theme: { primary: '#2e6b3a', secondary: '#c98a1b' },
  publicPageFeatures: ['public-ci-score', 'market-office-hours', 'market-contacts', 'market-announcements'],
  supportEmail: 'support@demo.granary.test',
  supportPhone: '1-800-555-0142',
  priceNotation: { price: 'fraction', basis: 'cents' },
};

const bid = {
  id: 1,
  cropId: 1,
  cropName: 'Corn',
  cropYear: 2026,
  name: 'Dec 2026',
  deliveryStart: '2026-12-01',
  deliveryEnd: '2026-12-31',
  futuresSymbol: 'ZCZ26',
  futuresMonth: '2026-12',
  futuresLast: '4.5525',
  futuresChange: '-0.0300',
  basis: '-0.3500',
  cashPrice: '4.2025',
  priceUnit: 'bushel' as const,
  currency: 'USD' as const,
  quantityUnit: 'bushels',
  offersAllowed: true,
  quotedAt: '2026-11-20T16:30:00.000Z',
};

const page: PublicMarketPage = {
  partner,
  markets: [
    { slug: 'ames', label: 'Ames Elevator' },
    { slug: 'mason-city', label: 'Mason City, IA' },
  ],
  market: {
    slug: 'ames',
    label: 'Ames Elevator',
    addressLine1: '2400 S Duff Ave',
    city: 'Ames',
    administrativeAreaLevel1: 'IA',
    postalCode: '50010',
    countryCode: 'USA',
    phone: '(515) 555-0181',
    email: null,
    timezone: 'America/Chicago',
  },
  features: ['market-office-hours', 'market-contacts', 'market-announcements'],
  locale: 'en-US',
  crops: [{ cropId: 1, crop: 'Corn', bids: [bid] }],
  hours: {
    days: [1, 2, 3, 4, 5, 6, 0].map((d) => ({
      dayOfWeek: d,
      closed: d === 0,
      opensAt: d === 0 ? null : '07:00',
      closesAt: d === 0 ? null : '17:00',
    })),
    openNow: true,
    state: 'open',
    todayLabel: null,
    closesAt: '17:00',
    nextOpen: null,
    closures: [],
  },
  contacts: [{ name: 'Dana Merch', title: 'Grain merchandiser', phone: '(515) 555-0101', email: 'dana@example.test' }],
  announcements: [
    {
      id: 3,
      title: 'Extended harvest hours',
      body: 'Open until 9 pm.',
      startsAt: '2026-11-20T12:00:00.000Z',
      endsAt: null,
    },
  ],
  deliveryInformation: null,
  additionalInfo: null,
  updatedAt: '2026-11-20T16:30:00.000Z',
  futuresAt: '2026-11-20T16:30:00.000Z',
  dataUpdatedAt: null,
  generatedAt: '2026-11-20T16:31:00.000Z',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the light public market page', () => {
  it('shows the bids of each crop as a table with the cash price, the hours with open now, contacts and news', () => {
    // No network: the page renders from the inlined data alone.
    const fetchSpy = vi.fn(() => Promise.reject(new Error('offline')));
    vi.stubGlobal('fetch', fetchSpy);
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/market/ames" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Ames Elevator' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Corn bids' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Delivery', 'Futures month', 'Futures', 'Change', 'Basis', 'Cash']);
    const row = within(table).getByRole('row', { name: /Dec 2026/ });
    expect(within(row).getByRole('rowheader').textContent).toBe('Dec 2026');
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    // The trade's notation: quarter-cent fractions, the change in cents, the basis in cents against the month letter.
    expect(cells).toEqual(['Dec 2026ZCZ26', '$4.55¼', '-3', '-35 Z', '$4.20¼']);
    expect(screen.getByText('Prices subject to change.')).toBeTruthy();
    expect(screen.getByText(/^Last updated Nov 20, 2026/)).toBeTruthy();

    expect(screen.getByText('Open now')).toBeTruthy();
    expect(screen.getByText('Closes at 5:00 PM')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Call Dana Merch/ }).getAttribute('href')).toBe('tel:5155550101');
    expect(screen.getByRole('link', { name: /Email Dana Merch/ }).getAttribute('href')).toBe(
      'mailto:dana@example.test',
    );
    expect(screen.getByRole('heading', { name: 'Extended harvest hours' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(screen.getByRole('link', { name: 'CI score' }).getAttribute('href')).toBe('/score');
    expect(screen.getByText('© Granary Demo Grain Co. All rights reserved.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("writes prices in the partner's chosen notation, as its other pages do", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    const decimal = {
      ...page,
      partner: { ...partner, priceNotation: { price: 'decimal', basis: 'dollars' } as const },
    };
    render(<PublicPageApp data={{ view: 'market', page: decimal }} pathname="/market/ames" />);
    const row = within(screen.getByRole('table', { name: 'Corn bids' })).getByRole('row', { name: /Dec 2026/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual(['Dec 2026ZCZ26', '$4.5525', '-0.0300', '-$0.35 Z', '$4.2025']);
  });

  it('asks for fresh prices every 30 seconds while visible and shows the new cash price', async () => {
    vi.useFakeTimers();
    const fresh: PublicMarketPage = {
      ...page,
      crops: [{ cropId: 1, crop: 'Corn', bids: [{ ...bid, cashPrice: '4.3100' }] }],
    };
    const fetchSpy = vi.fn((_url: string) =>
      Promise.resolve(
        new Response(JSON.stringify(fresh), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    try {
      render(<PublicPageApp data={{ view: 'market', page }} pathname="/market/ames" />);
      expect(screen.getByText('$4.20¼')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(REFRESH_MS);
      });
      expect(fetchSpy).toHaveBeenCalledWith(
        '/api/public/market/ames',
        expect.objectContaining({ credentials: 'omit' }),
      );
      expect(screen.getByText('$4.31')).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it("says when the data last came in from the partner's ERP only when the partner offers ingested-data", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    const fed = { ...partner, publicPageFeatures: [...partner.publicPageFeatures, 'ingested-data' as const] };
    const twoHoursAgo = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    const { unmount } = render(
      <PublicPageApp
        data={{ view: 'market', page: { ...page, partner: fed, dataUpdatedAt: twoHoursAgo } }}
        pathname="/market/ames"
      />,
    );
    const recent = screen.getByText('Data last updated 2 h ago');
    // The exact time, in the market's zone, on hover.
    expect(recent.getAttribute('title')).toMatch(/\d{1,2}:\d{2} [AP]M C[SD]T$/);
    // Near the bids: in the same card as the bids table.
    expect(recent.closest('section')?.querySelector('table')).toBeTruthy();
    unmount();

    // An older sync reads as the locale's day (decision 035): year first on a Canadian page.
    render(
      <PublicPageApp
        data={{
          view: 'market',
          page: { ...page, locale: 'en-CA', partner: fed, dataUpdatedAt: '2026-11-20T14:05:00.000Z' },
        }}
        pathname="/en-ca/market/ames"
      />,
    );
    expect(screen.getByText('Data last updated 2026-11-20')).toBeTruthy();
    cleanup();

    // Without the feature, nothing is said even if a time came with the page.
    render(
      <PublicPageApp
        data={{ view: 'market', page: { ...page, dataUpdatedAt: twoHoursAgo } }}
        pathname="/market/ames"
      />,
    );
    expect(screen.getByRole('table', { name: 'Corn bids' })).toBeTruthy();
    expect(screen.queryByText(/Data last updated/)).toBeNull();
  });

  it('formats a Canadian market in en-CA and keeps the locale prefix on its links', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    const canola = {
      ...bid,
      cropName: 'Canola',
      cropId: 31,
      priceUnit: 'tonne' as const,
      currency: 'CAD' as const,
      futuresLast: '642.10',
      cashPrice: '612.1000',
      basis: '-30.0000',
    };
    render(
      <PublicPageApp
        data={{
          view: 'market',
          page: { ...page, locale: 'en-CA', crops: [{ cropId: 31, crop: 'Canola', bids: [canola] }] },
        }}
        pathname="/en-ca/market/ames"
      />,
    );
    const row = within(screen.getByRole('table', { name: 'Canola bids' })).getByRole('row', { name: /Dec 2026/ });
    expect(within(row).getAllByRole('cell').at(-1)?.textContent).toBe('$612.10');
    expect(screen.getByText('per tonne')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/en-ca/sign-in');
  });

  it('offers the partner’s other markets in a picker that opens their page', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/market/ames' });
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/market/ames" />);
    fireEvent.change(screen.getByLabelText('Location'), { target: { value: 'mason-city' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show bids' }));
    expect(assign).toHaveBeenCalledWith('/market/mason-city');
  });

  it('shows the not-found view in the partner’s frame', () => {
    render(<PublicPageApp data={{ view: 'not-found', partner }} pathname="/market/elsewhere" />);
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Granary Demo Grain' })).toBeTruthy();
  });

  it('scores the farm as the visitor types, and lowers the score for no-till', () => {
    render(<PublicPageApp data={{ view: 'score', partner }} pathname="/score" />);
    const score = () => document.querySelector('.pm-score-value')?.textContent ?? '';
    const before = parseFloat(score());
    expect(before).toBeGreaterThan(15);
    fireEvent.change(screen.getByLabelText('Tillage'), { target: { value: 'no-till' } });
    expect(parseFloat(score())).toBeLessThan(before);
    fireEvent.change(screen.getByLabelText('Yield'), { target: { value: '0' } });
    expect(screen.getByRole('alert').textContent).toMatch(/yield above zero/);
  });
});

describe('the inlined data', () => {
  it('is read from the element the server writes, and nothing comes of a broken one', () => {
    expect(PUBLIC_DATA_ELEMENT_ID).toBe(PUBLIC_PAGE_DATA_ELEMENT_ID);
    const element = document.createElement('script');
    element.type = 'application/json';
    element.textContent = JSON.stringify({ view: 'score', partner });
    expect(readInlinedData(element)).toEqual({ view: 'score', partner });
    element.textContent = '{broken';
    expect(readInlinedData(element)).toBeNull();
    expect(readInlinedData(null)).toBeNull();
  });
});
