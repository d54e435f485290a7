import { cleanup, render, screen, within } from '@testing-library/react';
import type { InstrumentListResponse, InstrumentRow, PublicMarketPage, Quote } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BOOTSTRAP, crmMarket } from '../features/crm/test-fixtures';
import { PublicPageApp } from '../features/public-market/public-page-app';
import { stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';

// Issue 13, "Prices as the grain trade writes them": the pages that show the most prices are walked as rendered, and
// any figure written the old ways fails the test: more decimals than the notation has ('4.3525', '$4.6775' where the
// partner's default is quarter-cent fractions, '$4.35¼'), or a bare dollar fraction ('0.4500', '-0.35', '+0.0225')
// where the trade writes cents ('-35 Z', '+2¼'). The fixtures' prices all sit on the quarter-cent tick, as bids do.

/** The figures in a page's text that are not in the trade's (default) notation. */
function offNotation(text: string): string[] {
  const found: string[] = [];
  // More than two decimals: the fraction notation writes cents and a ¼ ½ ¾ glyph, never a third decimal.
  for (const m of text.matchAll(/\$?\d[\d,]*\.\d{3,}/g)) found.push(m[0]);
  // A bare amount under a dollar (a basis or change in dollars): '0.4500', '-0.35', '+0.0225'. Not a percentage.
  for (const m of text.matchAll(/(?<![\d$.,])[-+−]?0\.\d+(?![\d%])/g)) found.push(m[0]);
  // A dollar amount with one decimal or none before a fraction glyph ('$4.3½').
  for (const m of text.matchAll(/\$\d[\d,]*(\.\d)?[¼½¾]/g)) if (m[1] !== undefined) found.push(m[0]);
  return found;
}

/** Every text node under the element, one per line (so figures of neighbouring cells never run together). */
function textOf(element: HTMLElement): string {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  const parts: string[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? '');
  return parts.join('\n');
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const corn = {
  cropId: 1,
  cropName: 'Corn',
  cropYear: 2026,
  deliveryStart: '2026-12-01',
  deliveryEnd: '2026-12-31',
  futuresSymbol: 'ZCZ26',
  futuresMonth: '2026-12',
  priceUnit: 'bushel' as const,
  currency: 'USD' as const,
  quantityUnit: 'bushels',
  offersAllowed: true,
  quotedAt: '2026-11-20T16:30:00.000Z',
};
const canola = {
  ...corn,
  cropId: 11,
  cropName: 'Canola',
  futuresSymbol: 'RSF27',
  futuresMonth: '2027-01',
  priceUnit: 'tonne' as const,
  currency: 'CAD' as const,
  quantityUnit: 'tonnes',
};

describe('the trade notation on the pages with the most prices', () => {
  it('reads the walker’s examples as the test means them', () => {
    expect(offNotation('$4.35¼\n+2¼\n-35 Z\n$618.80\n-3.20\n15.5%\n0 Z\nunch')).toEqual([]);
    for (const old of ['4.3525', '$4.6775', '-0.35', '0.4500', '+0.0225', '-$0.3500', '$4.3½', 'Cash 4.0100 today']) {
      expect(offNotation(old), old).not.toEqual([]);
    }
  });

  it('/market writes futures, change, basis and cash in the notation, corn and canola alike', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    const page = {
      partner: {
        id: 'demo',
        displayName: 'Granary Demo Grain',
        logo: null,
        publicHeader: { title: 'Granary Demo Grain', links: [] },
        legalFooter: '© Granary Demo Grain Co.',
        theme: { primary: '#2e6b3a', secondary: '#c98a1b' },
        publicPageFeatures: [],
        supportEmail: 'support@demo.granary.test',
        supportPhone: '1-800-555-0142',
      },
      markets: [{ slug: 'ames', label: 'Ames Elevator' }],
      market: {
        slug: 'ames',
        label: 'Ames Elevator',
        addressLine1: null,
        city: 'Ames',
        administrativeAreaLevel1: 'IA',
        postalCode: null,
        countryCode: 'USA',
        phone: null,
        email: null,
        timezone: 'America/Chicago',
      },
      features: [],
      locale: 'en-US',
      crops: [
        {
          cropId: 1,
          crop: 'Corn',
          bids: [
            {
              ...corn,
              id: 1,
              name: 'Dec 2026',
              futuresLast: '4.6775',
              futuresChange: '0.0225',
              basis: '-0.4500',
              cashPrice: '4.2275',
            },
            {
              ...corn,
              id: 2,
              name: 'Mar 2027',
              futuresSymbol: 'ZCH27',
              futuresMonth: '2027-03',
              futuresLast: '4.3500',
              futuresChange: '-0.0125',
              basis: '0.0500',
              cashPrice: '4.4000',
            },
            {
              ...corn,
              id: 3,
              name: 'Flat',
              futuresSymbol: null,
              futuresMonth: null,
              futuresLast: null,
              futuresChange: null,
              basis: null,
              cashPrice: '4.1000',
            },
          ],
        },
        {
          cropId: 11,
          crop: 'Canola',
          bids: [
            {
              ...canola,
              id: 4,
              name: 'Jan 2027',
              futuresLast: '651.3000',
              futuresChange: '-3.2000',
              basis: '-32.5000',
              cashPrice: '618.8000',
            },
          ],
        },
      ],
      hours: null,
      contacts: null,
      announcements: null,
      deliveryInformation: null,
      additionalInfo: null,
      updatedAt: '2026-11-20T16:30:00.000Z',
      futuresAt: '2026-11-20T16:30:00.000Z',
      dataUpdatedAt: null,
      generatedAt: '2026-11-20T16:31:00.000Z',
    } as unknown as PublicMarketPage;
    render(<PublicPageApp data={{ view: 'market', page }} pathname="/market/ames" />);
    const cornTable = screen.getByRole('table', { name: 'Corn bids' });
    const dec = within(cornTable).getByRole('row', { name: /^Dec 2026/ });
    expect(
      within(dec)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Dec 2026ZCZ26', '$4.67¾', '+2¼', '-45 Z', '$4.22¾']);
    expect(within(screen.getByRole('table', { name: 'Canola bids' })).getByText('$618.80')).toBeTruthy();
    expect(offNotation(textOf(document.body))).toEqual([]);
  });

  it('/crm/bids writes the grid and its futures board in the notation', async () => {
    const row = (id: number, extra: Partial<InstrumentRow>): InstrumentRow => ({
      ...corn,
      id,
      marketId: 10,
      name: `Bid ${id}`,
      pricing: 'basis',
      futuresLast: '4.3525',
      futuresChange: '0.0225',
      basis: '-0.3400',
      flatPrice: null,
      cashPrice: '4.0125',
      roundingMode: 'nearest_cent',
      quantityCap: '250000.0000',
      quantityContracted: '40000.0000',
      quantityRemaining: '210000.0000',
      visibility: 'public',
      notes: null,
      workingOffers: 0,
      deletedAt: null,
      version: 1,
      updatedAt: '2026-11-22T15:00:00.000Z',
      ...extra,
    });
    const rows = [
      row(1, {}),
      row(2, { futuresChange: '-0.0050', basis: '0.0500', cashPrice: '4.4025' }),
      row(3, {
        ...canola,
        futuresLast: '651.3000',
        futuresChange: '-3.2000',
        basis: '-32.5000',
        cashPrice: '618.8000',
        quantityCap: null,
        quantityRemaining: null,
      }),
    ];
    const list: InstrumentListResponse = {
      marketId: 10,
      today: '2026-11-22',
      crops: [1, 11].map((cropId) => {
        const r = rows.find((x) => x.cropId === cropId)!;
        return {
          cropId,
          cropName: r.cropName,
          priceUnit: r.priceUnit,
          currency: r.currency,
          count: rows.filter((x) => x.cropId === cropId).length,
          roundingMode: 'nearest_cent' as const,
        };
      }),
      rows,
    };
    const quotes: Quote[] = ['2026-12', '2027-03'].map((optionMonth, i) => ({
      symbol: ['ZCZ26', 'ZCH27'][i]!,
      root: 'ZC',
      exchange: 'CBOT',
      cropId: 1,
      monthCode: ['Z', 'H'][i]!,
      optionMonth,
      last: ['4.3525', '4.4150'][i]!,
      change: ['0.0225', '-0.0075'][i]!,
      open: null,
      high: null,
      low: null,
      previousSettle: '4.3300',
      tradeDate: '2026-11-22',
      source: 'simulated' as const,
      quotedAt: '2026-11-22T15:00:00.000Z',
      version: 1,
      priceUnit: 'bushel',
      currency: 'USD',
    })) as unknown as Quote[];
    renderApp('/crm/bids', 'buyer');
    const markets = [crmMarket(10, 'Ames Elevator', { userPermissions: ['instruments'], entitlements: [] })];
    stubFetch(({ url, method }) => {
      const path = url.pathname.replace('/api/commodities/merchandising', '');
      if (path === '/bootstrap') return { status: 200, body: BOOTSTRAP };
      if (path === '/le/1/markets') return { status: 200, body: { markets, adminPermissions: {}, isAdmin: false } };
      if (path === '/instruments/market/10' && method === 'GET') return { status: 200, body: list };
      if (url.pathname.startsWith('/api/commodities/profit-center/quotes-root/'))
        return { status: 200, body: { quotes } };
      if (path === '/instruments/market/10/offers-hit') return { status: 200, body: { count: 0, instruments: [] } };
      return undefined;
    });
    const cornTable = await screen.findByRole('table', { name: 'Corn bids' });
    const first = within(cornTable).getByText('Bid 1').closest('tr')!;
    expect(within(first).getByText('$4.35¼')).toBeTruthy();
    expect(within(first).getByText('+2¼')).toBeTruthy();
    expect(within(first).getByText('$4.01¼')).toBeTruthy();
    const board = await screen.findByRole('region', { name: 'Corn futures quotes' });
    expect(await within(board).findByText('$4.41½')).toBeTruthy();
    expect(offNotation(textOf(document.body))).toEqual([]);
  });
});
