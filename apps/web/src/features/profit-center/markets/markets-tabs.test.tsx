import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BasisAnalysis, EnterpriseBids, FuturesHistorical, MarketSummary, Quote } from '@granary/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/api/query-keys';
import { fakeBootstrap } from '../../../test/fixtures';
import { stubFetch, type StubCall, type StubReply } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

// The profit center's market tabs (issue 17, decision 057 addendum): the market summary board, the futures prices
// chart, brokerage, and the crop spot basis analysis — through the page, with the API stubbed.

afterEach(() => vi.restoreAllMocks());

const PC = '/api/commodities/profit-center';

const quote = (symbol: string, optionMonth: string, extra: Partial<Quote> = {}): Quote => ({
  symbol,
  root: 'ZC',
  exchange: 'CBOT',
  cropId: 1,
  monthCode: symbol.slice(2, 3),
  optionMonth,
  last: '4.3525',
  change: '0.0125',
  open: '4.34',
  high: '4.36',
  low: '4.3325',
  previousSettle: '4.34',
  tradeDate: '2026-11-27',
  source: 'simulated',
  quotedAt: '2026-11-27T16:05:00.000Z',
  version: 3,
  priceUnit: 'bushel',
  currency: 'USD',
  ...extra,
});

const BOARD: MarketSummary = {
  asOf: '2026-11-27',
  crops: [
    {
      cropId: 1,
      cropName: 'Corn',
      root: 'ZC',
      productName: 'Corn',
      exchange: 'CBOT',
      priceUnit: 'bushel',
      currency: 'USD',
      quotes: [
        quote('ZCZ26', '2026-12'),
        quote('ZCH27', '2027-03', { last: '4.475', change: '-0.0075', high: null, low: null }),
      ],
    },
  ],
};

const SYMBOLS = {
  symbols: [
    { symbol: 'ZCZ26', root: 'ZC', exchange: 'CBOT', cropId: 1, optionMonth: '2026-12', monthCode: 'Z' },
    { symbol: 'ZCH27', root: 'ZC', exchange: 'CBOT', cropId: 1, optionMonth: '2027-03', monthCode: 'H' },
  ],
};

const history = (symbol: string, from: string, to: string): FuturesHistorical => ({
  symbol,
  fromDate: from,
  toDate: to,
  points: [
    { quotedAt: '2026-11-24T19:20:00.000Z', price: '4.30', kind: 'settle' },
    { quotedAt: '2026-11-25T19:20:00.000Z', price: '4.3475', kind: 'settle' },
    { quotedAt: '2026-11-25T20:00:00.000Z', price: '4.40', kind: 'tick' },
    { quotedAt: '2026-11-26T19:20:00.000Z', price: '4.2875', kind: 'settle' },
    { quotedAt: '2026-11-27T16:00:00.000Z', price: '4.3525', kind: 'tick' },
  ],
});

const HOME: EnterpriseBids = {
  enterpriseId: 7,
  markets: [
    {
      id: 10,
      label: 'Ames Elevator',
      timezone: 'America/Chicago',
      rows: [
        {
          id: 1,
          cropId: 1,
          cropName: 'Corn',
          cropYear: 2026,
          name: 'Dec 2026',
          deliveryStart: '2026-12-01',
          deliveryEnd: '2026-12-31',
          futuresSymbol: 'ZCZ26',
          futuresMonth: '2026-12',
          futuresLast: '4.35',
          futuresChange: '0.01',
          basis: '-0.35',
          cashPrice: '4.00',
          priceUnit: 'bushel',
          currency: 'USD',
          quantityUnit: 'bushels',
          offersAllowed: true,
          quotedAt: null,
        },
      ],
    },
  ],
  favorites: [],
};

const basisDay = (day: string, basis: string, seasonalAverage: string | null = null) => ({
  day,
  basis,
  futuresSymbol: 'ZCZ26',
  seasonalAverage,
  seasonalYears: seasonalAverage === null ? 0 : 2,
});

const ANALYSIS: BasisAnalysis = {
  marketId: 10,
  cropId: 1,
  cropName: 'Corn',
  bid: {
    id: 1,
    name: 'Dec 2026',
    cropYear: 2026,
    deliveryStart: '2026-12-01',
    deliveryEnd: '2026-12-31',
    futuresMonth: '2026-12',
    basis: '-0.35',
    priceUnit: 'bushel',
  },
  recordedSince: '2026-10-28',
  from: '2025-11-28',
  to: '2026-11-28',
  points: [basisDay('2026-10-28', '-0.40'), basisDay('2026-11-27', '-0.35'), basisDay('2026-11-28', '-0.35')],
};

function open(path: string, route: (call: StubCall, path: string) => StubReply | undefined = () => undefined) {
  const view = renderApp(path, 'farmer');
  const calls = stubFetch((call) => {
    const p = call.url.pathname.replace(PC, '');
    const reply = route(call, p);
    if (reply) return reply;
    if (p === '/favorite') return { status: 200, body: { favorites: [] } };
    if (p === '/market-summary') return { status: 200, body: BOARD };
    if (p === '/quotes-symbols-list') return { status: 200, body: SYMBOLS };
    if (p.startsWith('/futures-historical/')) {
      const [, , symbol, from, to] = p.split('/');
      return { status: 200, body: history(symbol!, from!, to!) };
    }
    if (p === '/enterprise/7/bids') return { status: 200, body: HOME };
    if (p === '/basis-analysis/10/1') return { status: 200, body: ANALYSIS };
    return undefined;
  });
  const boot = fakeBootstrap('farmer');
  act(() =>
    view.queryClient.setQueryData(queryKeys.bootstrap, {
      ...boot,
      enterprises: {
        '7': { id: 7, legacyId: 7, publicId: 'e7', name: 'Fieldman Family Farms', countryCode: 'US', role: 'owner' },
      },
      current_enterprise_id: 7,
    }),
  );
  return { ...view, calls };
}

describe('market summary tab', () => {
  it('shows the board of the farmer’s crops: months, last, change, high/low in the trade notation, and the time', async () => {
    open('/profit-center/marketSummary');
    const corn = await screen.findByRole('region', { name: 'Corn' });
    const rows = within(corn).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Dec 2026')).toBeTruthy();
    expect(within(rows[1]!).getByText('ZCZ26')).toBeTruthy();
    expect(within(rows[1]!).getByText('$4.35¼')).toBeTruthy();
    expect(within(rows[1]!).getByText('+1¼')).toBeTruthy();
    expect(within(rows[1]!).getByText('$4.36')).toBeTruthy();
    expect(within(rows[2]!).getByText('-¾')).toBeTruthy();
    expect(within(rows[2]!).getAllByText('—')).toHaveLength(2);
    expect(within(corn).getByText(/^As of 11\/27\/2026/)).toBeTruthy();
    expect(within(corn).getByRole('link', { name: 'Chart ZCZ26' }).getAttribute('href')).toBe(
      '/profit-center/futurePrices/ZCZ26',
    );
    expect(screen.getByRole('tab', { name: 'Market summary', selected: true })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Crop spot basis analysis/ }).getAttribute('href')).toBe(
      '/profit-center/research/crop-spot-basis-analysis',
    );
  });

  it('says plainly when the farmer sells no crop that trades on a futures exchange', async () => {
    open('/profit-center/marketSummary', (_c, p) =>
      p === '/market-summary' ? { status: 200, body: { asOf: '2026-11-27', crops: [] } } : undefined,
    );
    expect(await screen.findByText(/No futures to show yet/)).toBeTruthy();
  });
});

describe('futures prices tab', () => {
  it('charts the chosen month’s settlements over the range (3M by default), with the latest, high and low', async () => {
    const { calls } = open('/profit-center/futurePrices/ZCH27');
    const figure = await screen.findByRole('figure', { name: /^ZCH27 settlements/ });
    const call = calls.find((c) => c.url.pathname.startsWith(`${PC}/futures-historical/`))!;
    const [, , , , , , from, to] = call.url.pathname.split('/');
    expect(call.url.pathname).toContain('/futures-historical/ZCH27/');
    expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(91);
    // The tick inside a settled day is left out; the latest tick after the last settlement is the latest.
    expect(within(figure).getByText('Latest').nextSibling?.textContent).toBe('$4.35¼');
    expect(within(figure).getByText('Range high').nextSibling?.textContent).toBe('$4.35¼');
    expect(within(figure).getByText('Range low').nextSibling?.textContent).toBe('$4.28¾');
    expect(within(figure).getByText(/^Prices recorded from/)).toBeTruthy();
  });

  it('changes the range and opens the farmer’s first month without a symbol', async () => {
    const { calls, router } = open('/profit-center/futurePrices');
    await screen.findByRole('figure', { name: /^ZCZ26 settlements/ });
    fireEvent.click(screen.getByRole('button', { name: 'One year' }));
    await waitFor(() => expect(router.state.location.search).toBe('?range=1Y'));
    await waitFor(() => {
      const last = calls.filter((c) => c.url.pathname.startsWith(`${PC}/futures-historical/ZCZ26/`)).at(-1)!;
      const [, , , , , , from, to] = last.url.pathname.split('/');
      expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000).toBe(365);
    });
  });
});

describe('brokerage tab', () => {
  it('says what the tab is for and whom to ask, with the partner’s support contacts; no placeholder', async () => {
    open('/profit-center/brokerage');
    const panel = await screen.findByRole('region', { name: 'Futures and options brokerage' });
    expect(within(panel).getByText(/no positions or trades to show here/)).toBeTruthy();
    expect(within(panel).getByRole('link', { name: '1-800-555-0199' }).getAttribute('href')).toBe('tel:18005550199');
    expect(within(panel).getByRole('link', { name: 'help@prairie.test' })).toBeTruthy();
    expect(within(panel).getByRole('link', { name: 'Support hours and contacts' }).getAttribute('href')).toBe(
      '/support',
    );
    expect(screen.queryByText(/coming soon/i)).toBeNull();
  });
});

describe('crop spot basis analysis', () => {
  it('shows the location’s spot basis and says plainly that no seasonal average is recorded yet', async () => {
    const { calls } = open('/profit-center/research/crop-spot-basis-analysis');
    expect(await screen.findByRole('heading', { name: 'Crop spot basis analysis' })).toBeTruthy();
    const figure = await screen.findByRole('figure', { name: 'Spot basis of Corn at Ames Elevator' });
    expect(screen.getByText('Basis today').nextSibling?.textContent).toBe('-35 Z');
    expect(screen.getAllByText('Not yet recorded')).toHaveLength(2);
    expect(within(figure).getByText(/recorded for this bid since 10\/28\/2026/)).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === `${PC}/basis-analysis/10/1` && c.url.search === '?range=1Y')).toBe(
      true,
    );
    // Not a tab of the bar: none is selected.
    expect(screen.queryByRole('tab', { selected: true })).toBeNull();
  });

  it('compares today’s basis with the seasonal average when earlier years are recorded', async () => {
    open('/profit-center/research/crop-spot-basis-analysis?range=3Y', (_c, p) =>
      p === '/basis-analysis/10/1'
        ? {
            status: 200,
            body: {
              ...ANALYSIS,
              points: [basisDay('2026-11-27', '-0.35', '-0.42'), basisDay('2026-11-28', '-0.35', '-0.42')],
            },
          }
        : undefined,
    );
    await screen.findByRole('figure', { name: 'Spot basis of Corn at Ames Elevator' });
    expect(screen.getByText('7 stronger')).toBeTruthy();
    expect(screen.getByText('over 2 earlier years')).toBeTruthy();
  });
});
