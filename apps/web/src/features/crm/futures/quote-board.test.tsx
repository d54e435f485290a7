import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Quote, QuotesEventPayload } from '@granary/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithIntl, stubFetch } from '../../../test/render-app';
import { QuoteBoard, mergeQuotes } from './quote-board';

class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static all: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onmessage: ((m: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.all.push(this);
  }
  close() {
    this.closed = true;
  }
}

function quote(
  symbol: string,
  optionMonth: string,
  last: string,
  previousSettle: string | null,
  extra: Partial<Quote> = {},
): Quote {
  return {
    symbol,
    root: symbol.slice(0, 2),
    exchange: 'CBOT',
    cropId: 1,
    monthCode: symbol.slice(2, 3),
    optionMonth,
    last,
    change: previousSettle === null ? null : (Number(last) - Number(previousSettle)).toFixed(4),
    open: null,
    high: null,
    low: null,
    previousSettle,
    tradeDate: '2026-11-23',
    source: 'simulated',
    quotedAt: '2026-11-23T15:04:00.000Z',
    version: 1,
    priceUnit: 'bushel',
    currency: 'USD',
    ...extra,
  };
}

const CORN = [
  quote('ZCZ26', '2026-12', '4.3525', '4.3300'),
  quote('ZCH27', '2027-03', '4.4150', '4.4250'),
  quote('ZCK27', '2027-05', '4.4800', null),
];

function renderBoard(cropId: number, quotes: Quote[] = CORN) {
  const fetchMock = stubFetch();
  fetchMock.mockImplementation((input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/quotes-root/ZC'))
      return Promise.resolve(
        new Response(JSON.stringify({ quotes }), { status: 200, headers: { 'Content-Type': 'application/json' } }),
      );
    return Promise.resolve(
      new Response(JSON.stringify({ code: 'not_found', message: 'Not found' }), {
        status: 404,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = renderWithIntl(
    <QueryClientProvider client={queryClient}>
      <QuoteBoard cropId={cropId} />
    </QueryClientProvider>,
  );
  return { ...view, fetchMock, queryClient };
}

const stream = () => FakeEventSource.all.filter((s) => !s.closed)[0]!;

function send(payload: QuotesEventPayload) {
  act(() =>
    stream().onmessage?.({ data: JSON.stringify({ id: 'x', topic: 'quotes', at: '2026-11-23T15:05:00Z', payload }) }),
  );
}

beforeEach(() => {
  FakeEventSource.all = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(async () => {
  // Unmounted boards let go of the shared connection on the next tick: let it close before the next test.
  cleanup();
  await new Promise((r) => setTimeout(r, 10));
  vi.unstubAllGlobals();
});

describe('QuoteBoard', () => {
  it("shows each month's last, change (up green, down red) and time, and a live badge once connected", async () => {
    renderBoard(1);
    const table = await screen.findByRole('table', { name: 'Corn futures quotes' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.getAttribute('data-symbol'))).toEqual([null, 'ZCZ26', 'ZCH27', 'ZCK27']);
    expect(within(rows[1]!).getByText('Dec 2026')).toBeTruthy();
    // The trade's notation: quarter-cent fractions for the last price, the change in cents.
    expect(within(rows[1]!).getByText('$4.35¼')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('Up 2¼')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('Up 2¼').textContent).toBe('+2¼');
    expect(within(rows[2]!).getByLabelText('Down 1')).toBeTruthy();
    expect(within(rows[2]!).getByLabelText('Down 1').textContent).toBe('-1');
    expect(within(rows[3]!).getByText('—')).toBeTruthy();
    expect(screen.getByText('CBOT · USD per bushel')).toBeTruthy();
    await waitFor(() => expect(stream().url).toBe('/api/events?topics=quotes'));
    expect(screen.getByText('Connecting…')).toBeTruthy();
    act(() => stream().onopen?.());
    expect(screen.getByText('Live')).toBeTruthy();
  });

  it('moves a price when a quotes event comes, ignoring other roots and older versions', async () => {
    renderBoard(1);
    await screen.findByRole('table');
    await waitFor(() => expect(FakeEventSource.all.length).toBe(1));
    send({
      source: 'simulated',
      quotes: [
        {
          symbol: 'ZCZ26',
          last: '4.3200',
          change: '-0.0100',
          previousSettle: '4.3300',
          tradeDate: '2026-11-23',
          quotedAt: '2026-11-23T15:05:00.000Z',
          version: 2,
        },
        {
          symbol: 'ZCH27',
          last: '9.9900',
          change: '5',
          previousSettle: '4.4250',
          tradeDate: '2026-11-23',
          quotedAt: '2026-11-23T15:05:00.000Z',
          version: 1,
        },
        {
          symbol: 'ZSF27',
          last: '10.5000',
          change: '0.0100',
          previousSettle: '10.4900',
          tradeDate: '2026-11-23',
          quotedAt: '2026-11-23T15:05:00.000Z',
          version: 9,
        },
      ],
    });
    const row = document.querySelector('[data-symbol="ZCZ26"]') as HTMLElement;
    expect(within(row).getByText('$4.32')).toBeTruthy();
    expect(within(row).getByLabelText('Down 1')).toBeTruthy();
    expect(row.querySelector('[data-flash="down"]')).toBeTruthy();
    expect(within(document.querySelector('[data-symbol="ZCH27"]') as HTMLElement).getByText('$4.41½')).toBeTruthy();
  });

  it('says so for a crop without futures, without a live connection', async () => {
    renderBoard(9);
    expect(await screen.findByText('This crop has no futures market: its bids are flat cash prices.')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 20));
    expect(FakeEventSource.all).toHaveLength(0);
  });
});

describe('mergeQuotes', () => {
  it('asks for a reload when an event names a month the board does not have', () => {
    const { complete, moved } = mergeQuotes({ quotes: CORN }, 'ZC', {
      source: 'import',
      quotes: [
        {
          symbol: 'ZCN27',
          last: '4.5',
          change: null,
          previousSettle: null,
          tradeDate: '2026-11-23',
          quotedAt: '2026-11-23T15:05:00.000Z',
          version: 1,
        },
      ],
    });
    expect(complete).toBe(false);
    expect(moved.size).toBe(0);
  });
});
